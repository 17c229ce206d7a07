import { Migration } from '@mikro-orm/migrations';

/**
 * `calendar_feeds`: a subscriber's private calendar of followed events (docs/decisions/022), the sha256 of its token
 * only, one row per subscriber, as `audio_feeds` is for the podcast feed.
 */
export class Migration20261128160001 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "calendar_feeds" ("user_id" uuid not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, constraint "calendar_feeds_pkey" primary key ("user_id"));`,
    );
    this.addSql(`alter table "calendar_feeds" add constraint "calendar_feeds_token_hash_unique" unique ("token_hash");`);
    this.addSql(
      `alter table "calendar_feeds" add constraint "calendar_feeds_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "calendar_feeds" cascade;`);
  }
}
