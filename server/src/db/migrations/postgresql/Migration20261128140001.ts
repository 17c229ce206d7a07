import { Migration } from '@mikro-orm/migrations';

/** Entities of the news (companies, sites, places), their mentions by stories, their facts, and names seen before they are entities (decision 225). */
export class Migration20261128140001 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "engine_entities" ("id" varchar(80) not null, "kind" varchar(16) not null, "name" varchar(200) not null, "aliases" jsonb not null, "role" varchar(32) null, "level" varchar(16) null, "country" varchar(8) null, "operator_id" varchar(80) null, "place_id" varchar(80) null, "common" boolean not null default false, "status" varchar(16) not null default 'confirmed', "origin" varchar(16) not null default 'seed', "merged_into" varchar(80) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "engine_entities_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "engine_entities_kind_index" on "engine_entities" ("kind");`);
    this.addSql(`create index "engine_entities_status_index" on "engine_entities" ("status");`);
    this.addSql(`create index "engine_entities_merged_into_index" on "engine_entities" ("merged_into");`);

    this.addSql(
      `create table "engine_entity_facts" ("id" uuid not null, "entity_id" varchar(80) not null, "story_id" uuid not null, "type" varchar(16) not null, "mw" double precision null, "stage" varchar(16) null, "amount" double precision null, "currency" varchar(8) null, "usd" double precision null, "status" varchar(16) null, "what" varchar(16) null, "event_date" varchar(10) null, "stated_at" timestamptz not null, "sentence" text not null, "language" varchar(16) not null, "source_ids" jsonb not null, "article_ids" jsonb not null, constraint "engine_entity_facts_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "engine_entity_facts_entity_id_index" on "engine_entity_facts" ("entity_id");`);
    this.addSql(`create index "engine_entity_facts_story_id_index" on "engine_entity_facts" ("story_id");`);
    this.addSql(`create index "engine_entity_facts_event_date_index" on "engine_entity_facts" ("event_date");`);
    this.addSql(`create index "engine_entity_facts_stated_at_index" on "engine_entity_facts" ("stated_at");`);

    this.addSql(
      `create table "engine_entity_mentions" ("id" uuid not null, "entity_id" varchar(80) not null, "story_id" uuid not null, "article_id" uuid null, "about" boolean not null default false, "published_at" timestamptz not null, constraint "engine_entity_mentions_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "engine_entity_mentions_entity_id_index" on "engine_entity_mentions" ("entity_id");`);
    this.addSql(`create index "engine_entity_mentions_story_id_index" on "engine_entity_mentions" ("story_id");`);
    this.addSql(`create index "engine_entity_mentions_published_at_index" on "engine_entity_mentions" ("published_at");`);

    this.addSql(
      `create table "engine_entity_names" ("id" uuid not null, "key" varchar(120) not null, "story_id" uuid not null, "source_ids" jsonb not null, "seen_at" timestamptz not null, constraint "engine_entity_names_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "engine_entity_names_key_index" on "engine_entity_names" ("key");`);
    this.addSql(`create index "engine_entity_names_story_id_index" on "engine_entity_names" ("story_id");`);
    this.addSql(`alter table "engine_entity_names" add constraint "engine_entity_names_key_story_id_unique" unique ("key", "story_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "engine_entities" cascade;`);
    this.addSql(`drop table if exists "engine_entity_facts" cascade;`);
    this.addSql(`drop table if exists "engine_entity_mentions" cascade;`);
    this.addSql(`drop table if exists "engine_entity_names" cascade;`);
  }
}
