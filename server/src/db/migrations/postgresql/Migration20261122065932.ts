import { Migration } from '@mikro-orm/migrations';

export class Migration20261122065932 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "login_tokens" ("id" uuid not null, "token_hash" varchar(64) not null, "email" varchar(254) not null, "expires_at" timestamptz not null, "used_at" timestamptz null, "created_at" timestamptz not null, constraint "login_tokens_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "login_tokens" add constraint "login_tokens_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "login_tokens_email_index" on "login_tokens" ("email");`);

    this.addSql(
      `create table "sessions" ("id" varchar(64) not null, "data" jsonb not null, "user_id" uuid null, "expires_at" timestamptz not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "sessions_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "sessions_user_id_index" on "sessions" ("user_id");`);
    this.addSql(`create index "sessions_expires_at_index" on "sessions" ("expires_at");`);

    this.addSql(
      `create table "users" ("id" uuid not null, "email" varchar(254) not null, "first_name" varchar(100) not null default '', "last_name" varchar(100) not null default '', "subscription_tier" varchar(16) null, "subscription_status" varchar(32) not null default 'inactive', "timezone" varchar(64) not null default 'UTC', "preferences" jsonb not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "users_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "users" add constraint "users_email_unique" unique ("email");`);

    this.addSql(
      `create table "digests" ("id" uuid not null, "user_id" uuid not null, "kind" varchar(16) not null, "date" varchar(10) not null, "title" varchar(300) not null, "story_count" int not null default 0, "created_at" timestamptz not null, constraint "digests_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "digests_user_id_created_at_index" on "digests" ("user_id", "created_at");`);
    this.addSql(`alter table "digests" add constraint "digests_user_id_kind_date_unique" unique ("user_id", "kind", "date");`);

    this.addSql(
      `create table "feedback" ("id" uuid not null, "user_id" uuid not null, "digest_id" uuid not null, "rating" int not null, "comment" text null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "feedback_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "feedback_user_id_created_at_index" on "feedback" ("user_id", "created_at");`);
    this.addSql(`alter table "feedback" add constraint "feedback_user_id_digest_id_unique" unique ("user_id", "digest_id");`);

    this.addSql(
      `create table "waitlist_drafts" ("id" uuid not null, "visitor_key" varchar(64) not null, "email" varchar(254) not null default '', "first_name" varchar(100) not null default '', "last_name" varchar(100) not null default '', "phone_number" varchar(32) not null default '', "updated_at" timestamptz not null, constraint "waitlist_drafts_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "waitlist_drafts" add constraint "waitlist_drafts_visitor_key_unique" unique ("visitor_key");`);

    this.addSql(
      `create table "waitlist_entries" ("id" uuid not null, "email" varchar(254) not null, "first_name" varchar(100) not null, "last_name" varchar(100) not null, "phone_number" varchar(32) not null, "invited_at" timestamptz null, "created_at" timestamptz not null, constraint "waitlist_entries_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "waitlist_entries" add constraint "waitlist_entries_email_unique" unique ("email");`);

    this.addSql(
      `alter table "digests" add constraint "digests_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "feedback" add constraint "feedback_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "feedback" add constraint "feedback_digest_id_foreign" foreign key ("digest_id") references "digests" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "digests" drop constraint "digests_user_id_foreign";`);

    this.addSql(`alter table "feedback" drop constraint "feedback_user_id_foreign";`);

    this.addSql(`alter table "feedback" drop constraint "feedback_digest_id_foreign";`);

    this.addSql(`drop table if exists "login_tokens" cascade;`);

    this.addSql(`drop table if exists "sessions" cascade;`);

    this.addSql(`drop table if exists "users" cascade;`);

    this.addSql(`drop table if exists "digests" cascade;`);

    this.addSql(`drop table if exists "feedback" cascade;`);

    this.addSql(`drop table if exists "waitlist_drafts" cascade;`);

    this.addSql(`drop table if exists "waitlist_entries" cascade;`);
  }
}
