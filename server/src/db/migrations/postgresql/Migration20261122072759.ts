import { Migration } from '@mikro-orm/migrations';

export class Migration20261122072759 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "email_suppressions" ("email" varchar(254) not null, "reason" varchar(16) not null, "detail" varchar(500) null, "created_at" timestamptz not null, constraint "email_suppressions_pkey" primary key ("email"));`,
    );

    this.addSql(
      `create table "received_stories" ("id" uuid not null, "user_id" uuid not null, "story_id" varchar(64) not null, "kind" varchar(16) not null, "digest_id" uuid not null, "created_at" timestamptz not null, constraint "received_stories_pkey" primary key ("id"));`,
    );
    this.addSql(
      `alter table "received_stories" add constraint "received_stories_user_id_story_id_kind_unique" unique ("user_id", "story_id", "kind");`,
    );

    this.addSql(
      `create table "deliveries" ("id" uuid not null, "user_id" uuid not null, "kind" varchar(16) not null, "edition_date" varchar(10) not null, "slot" varchar(64) not null default '', "scheduled_for" timestamptz not null, "state" varchar(16) not null default 'pending', "digest_id" uuid null, "message_id" varchar(200) not null, "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "lease_owner" varchar(64) null, "lease_until" timestamptz null, "last_error" varchar(500) null, "sent_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "deliveries_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "deliveries_state_next_attempt_at_index" on "deliveries" ("state", "next_attempt_at");`);
    this.addSql(`create index "deliveries_lease_owner_index" on "deliveries" ("lease_owner");`);
    this.addSql(`create index "deliveries_message_id_index" on "deliveries" ("message_id");`);
    this.addSql(
      `alter table "deliveries" add constraint "deliveries_user_id_kind_edition_date_slot_unique" unique ("user_id", "kind", "edition_date", "slot");`,
    );

    this.addSql(
      `alter table "received_stories" add constraint "received_stories_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "received_stories" add constraint "received_stories_digest_id_foreign" foreign key ("digest_id") references "digests" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "deliveries" add constraint "deliveries_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "deliveries" add constraint "deliveries_digest_id_foreign" foreign key ("digest_id") references "digests" ("id") on update cascade on delete set null;`,
    );

    this.addSql(`alter table "digests" drop constraint "digests_user_id_kind_date_unique";`);

    this.addSql(
      `alter table "digests" add column "slot" varchar(64) not null default '', add column "depth" varchar(16) not null default 'standard', add column "quiet" boolean not null default false, add column "stories" jsonb null, add column "search_text" text not null default '', add column "sent_at" timestamptz null;`,
    );
    this.addSql(`alter table "digests" add constraint "digests_user_id_kind_date_slot_unique" unique ("user_id", "kind", "date", "slot");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "email_suppressions" cascade;`);

    this.addSql(`drop table if exists "received_stories" cascade;`);

    this.addSql(`drop table if exists "deliveries" cascade;`);

    this.addSql(`alter table "digests" drop constraint "digests_user_id_kind_date_slot_unique";`);
    this.addSql(
      `alter table "digests" drop column "slot", drop column "depth", drop column "quiet", drop column "stories", drop column "search_text", drop column "sent_at";`,
    );

    this.addSql(`alter table "digests" add constraint "digests_user_id_kind_date_unique" unique ("user_id", "kind", "date");`);
  }
}
