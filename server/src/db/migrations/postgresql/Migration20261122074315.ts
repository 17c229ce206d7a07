import { Migration } from '@mikro-orm/migrations';

export class Migration20261122074315 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "engine_articles" ("id" uuid not null, "source_id" varchar(80) not null, "also_source_ids" jsonb not null, "url" varchar(1000) not null, "canonical_url" varchar(1000) not null, "guid_key" varchar(64) null, "content_hash" varchar(64) not null, "kind" varchar(16) not null default 'news', "title" varchar(1000) not null, "text" text not null, "language" varchar(16) not null, "language_detected" boolean not null default false, "translated_language" varchar(16) null, "translated_title" varchar(1000) null, "translated_text" text null, "translation_provider" varchar(32) null, "author" varchar(300) null, "has_transcript" boolean not null default false, "extracted_from_page" boolean not null default false, "published_at" timestamptz not null, "fetched_at" timestamptz not null, "signature" jsonb not null, "anchors" jsonb not null, "story_id" uuid null, constraint "engine_articles_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "engine_articles_source_id_index" on "engine_articles" ("source_id");`);
    this.addSql(`alter table "engine_articles" add constraint "engine_articles_canonical_url_unique" unique ("canonical_url");`);
    this.addSql(`create index "engine_articles_guid_key_index" on "engine_articles" ("guid_key");`);
    this.addSql(`create index "engine_articles_content_hash_index" on "engine_articles" ("content_hash");`);
    this.addSql(`create index "engine_articles_published_at_index" on "engine_articles" ("published_at");`);
    this.addSql(`create index "engine_articles_story_id_index" on "engine_articles" ("story_id");`);

    this.addSql(
      `create table "engine_sources" ("id" varchar(80) not null, "name" varchar(200) not null, "site_url" varchar(1000) not null, "feed_url" varchar(1000) not null, "kind" varchar(16) not null default 'news', "language" varchar(16) not null, "country" varchar(8) not null, "categories" jsonb not null, "weight" double precision not null default 1, "enabled" boolean not null default true, "origin" varchar(16) not null default 'catalog', "etag" varchar(500) null, "last_modified" varchar(100) null, "last_status" varchar(16) not null default 'never', "last_http_status" int null, "last_error" varchar(500) null, "consecutive_failures" int not null default 0, "last_fetched_at" timestamptz null, "last_success_at" timestamptz null, "next_attempt_at" timestamptz null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "engine_sources_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "engine_sources" add constraint "engine_sources_feed_url_unique" unique ("feed_url");`);
    this.addSql(`create index "engine_sources_enabled_index" on "engine_sources" ("enabled");`);

    this.addSql(
      `create table "engine_stories" ("id" uuid not null, "title" varchar(1000) not null, "title_language" varchar(16) not null, "interest" varchar(32) not null, "classification" jsonb not null, "summaries" jsonb not null, "summarizer" varchar(32) not null default 'extractive', "article_ids" jsonb not null, "source_ids" jsonb not null, "languages" jsonb not null, "corroboration" int not null default 1, "first_seen_at" timestamptz not null, "last_seen_at" timestamptz not null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "engine_stories_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "engine_stories_interest_index" on "engine_stories" ("interest");`);
    this.addSql(`create index "engine_stories_first_seen_at_index" on "engine_stories" ("first_seen_at");`);
    this.addSql(`create index "engine_stories_last_seen_at_index" on "engine_stories" ("last_seen_at");`);

    this.addSql(
      `create table "engine_translations" ("id" uuid not null, "key" varchar(64) not null, "provider" varchar(32) not null, "from_language" varchar(16) not null, "to_language" varchar(16) not null, "text" text not null, "created_at" timestamptz not null, constraint "engine_translations_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "engine_translations" add constraint "engine_translations_key_unique" unique ("key");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "engine_articles" cascade;`);

    this.addSql(`drop table if exists "engine_sources" cascade;`);

    this.addSql(`drop table if exists "engine_stories" cascade;`);

    this.addSql(`drop table if exists "engine_translations" cascade;`);
  }
}
