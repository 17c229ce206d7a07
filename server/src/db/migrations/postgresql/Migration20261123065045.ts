import { Migration } from '@mikro-orm/migrations';

/**
 * Ratings from the audio player (decision 406): feedback per medium (the digest as read, or its episode) and
 * per-story thumbs; and where a digest composed ahead of its hour ends its edition window (decision 408).
 */
export class Migration20261123065045 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "story_feedback" ("id" uuid not null, "user_id" uuid not null, "digest_id" uuid not null, "story_id" varchar(64) not null, "vote" smallint not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "story_feedback_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "story_feedback" add constraint "story_feedback_user_id_digest_id_story_id_unique" unique ("user_id", "digest_id", "story_id");`,
    );

    this.addSql(
      `alter table "story_feedback" add constraint "story_feedback_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "story_feedback" add constraint "story_feedback_digest_id_foreign" foreign key ("digest_id") references "digests" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(`alter table "feedback" drop constraint "feedback_user_id_digest_id_unique";`);

    this.addSql(`alter table "feedback" add column "medium" varchar(8) not null default 'text';`);
    this.addSql(
      `alter table "feedback" add constraint "feedback_user_id_digest_id_medium_unique" unique ("user_id", "digest_id", "medium");`,
    );

    this.addSql(`alter table "deliveries" add column "window_end" timestamptz null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "story_feedback" cascade;`);

    this.addSql(`alter table "deliveries" drop column "window_end";`);

    this.addSql(`alter table "feedback" drop constraint "feedback_user_id_digest_id_medium_unique";`);
    this.addSql(`alter table "feedback" drop column "medium";`);

    this.addSql(`alter table "feedback" add constraint "feedback_user_id_digest_id_unique" unique ("user_id", "digest_id");`);
  }
}
