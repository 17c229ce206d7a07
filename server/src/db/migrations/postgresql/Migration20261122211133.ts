import { Migration } from '@mikro-orm/migrations';

/**
 * A digest's stories move to `digest_contents`, one row per distinct composition shared by the digests
 * that hold it, and "received stories" are read from the live digests instead of a table of their own
 * (docs/decisions/306). Each existing digest gets a content of its own (same id), so nothing is lost;
 * `received_stories` held only what the digests' stories already say. The outbox gets the indexes its claims
 * and compose pages read in order: (state, next_attempt_at, id) and (state, digest_id, id).
 */
export class Migration20261122211133 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "digest_contents" ("id" uuid not null, "stories" jsonb not null, "story_ids" jsonb not null, "search_text" text not null default '', "created_at" timestamptz not null, constraint "digest_contents_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "digests" add column "content_id" uuid null;`);
    this.addSql(`insert into "digest_contents" ("id", "stories", "story_ids", "search_text", "created_at")
      select "id", coalesce("stories", '[]'::jsonb),
        coalesce((select jsonb_agg(e -> 'id' order by o) from jsonb_array_elements(coalesce("digests"."stories", '[]'::jsonb)) with ordinality as t(e, o)), '[]'::jsonb),
        "search_text", "created_at"
      from "digests";`);
    this.addSql(`update "digests" set "content_id" = "id";`);
    this.addSql(
      `alter table "digests" add constraint "digests_content_id_foreign" foreign key ("content_id") references "digest_contents" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`create index "digests_content_id_index" on "digests" ("content_id");`);

    this.addSql(`alter table "digests" drop column "stories", drop column "search_text";`);
    this.addSql(`drop table if exists "received_stories" cascade;`);

    this.addSql(`create index "deliveries_state_digest_id_id_index" on "deliveries" ("state", "digest_id", "id");`);
    this.addSql(`drop index "deliveries_state_next_attempt_at_index";`);
    this.addSql(`create index "deliveries_state_next_attempt_at_id_index" on "deliveries" ("state", "next_attempt_at", "id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "digests" add column "stories" jsonb null, add column "search_text" text not null default '';`);
    this.addSql(
      `update "digests" set "stories" = c."stories", "search_text" = c."search_text" from "digest_contents" c where c."id" = "digests"."content_id";`,
    );

    this.addSql(
      `create table "received_stories" ("id" uuid not null, "user_id" uuid not null, "story_id" varchar(64) not null, "kind" varchar(16) not null, "digest_id" uuid not null, "created_at" timestamptz(6) not null, constraint "received_stories_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "received_stories_digest_id_index" on "received_stories" ("digest_id");`);
    this.addSql(
      `alter table "received_stories" add constraint "received_stories_user_id_story_id_kind_unique" unique ("user_id", "story_id", "kind");`,
    );
    this.addSql(
      `alter table "received_stories" add constraint "received_stories_digest_id_foreign" foreign key ("digest_id") references "digests" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "received_stories" add constraint "received_stories_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(`insert into "received_stories" ("id", "user_id", "story_id", "kind", "digest_id", "created_at")
      select gen_random_uuid(), d."user_id", s ->> 'id', d."kind", d."id", d."created_at"
      from "digests" d join "deliveries" r on r."digest_id" = d."id" and r."state" not in ('cancelled', 'failed'), jsonb_array_elements(coalesce(d."stories", '[]'::jsonb)) s
      on conflict do nothing;`);

    this.addSql(`alter table "digests" drop constraint "digests_content_id_foreign";`);
    this.addSql(`drop index "deliveries_state_digest_id_id_index";`);
    this.addSql(`drop index "deliveries_state_next_attempt_at_id_index";`);
    this.addSql(`create index "deliveries_state_next_attempt_at_index" on "deliveries" ("state", "next_attempt_at");`);
    this.addSql(`alter table "digests" drop column "content_id";`);
    this.addSql(`drop table if exists "digest_contents" cascade;`);
  }
}
