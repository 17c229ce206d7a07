import { Migration } from '@mikro-orm/migrations';

/** Audio: sentences synthesised once, episodes per content and voice, each digest's episode and listening position, private podcast feeds (decisions 403, 404). */
export class Migration20261123045648 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "audio_segments" ("key" varchar(64) not null, "preset_key" varchar(200) not null, "sample_rate" int not null, "duration_ms" int not null, "created_at" timestamptz not null, constraint "audio_segments_pkey" primary key ("key"));`,
    );

    this.addSql(
      `create table "audio_episodes" ("id" uuid not null, "content_id" uuid not null, "preset_key" varchar(200) not null, "state" varchar(16) not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "lease_owner" varchar(100) null, "lease_until" timestamptz null, "last_error" text null, "file_key" varchar(200) null, "bytes" int not null default 0, "duration_ms" int not null default 0, "chapters" jsonb not null, "created_at" timestamptz not null, "ready_at" timestamptz null, constraint "audio_episodes_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "audio_episodes_state_next_attempt_at_index" on "audio_episodes" ("state", "next_attempt_at");`);
    this.addSql(
      `alter table "audio_episodes" add constraint "audio_episodes_content_id_preset_key_unique" unique ("content_id", "preset_key");`,
    );

    this.addSql(
      `create table "digest_episodes" ("digest_id" uuid not null, "episode_id" uuid not null, "position_sec" double precision not null default 0, "created_at" timestamptz not null, constraint "digest_episodes_pkey" primary key ("digest_id"));`,
    );

    this.addSql(
      `create table "audio_feeds" ("user_id" uuid not null, "token_hash" varchar(64) not null, "created_at" timestamptz not null, constraint "audio_feeds_pkey" primary key ("user_id"));`,
    );
    this.addSql(`alter table "audio_feeds" add constraint "audio_feeds_token_hash_unique" unique ("token_hash");`);

    this.addSql(
      `alter table "audio_episodes" add constraint "audio_episodes_content_id_foreign" foreign key ("content_id") references "digest_contents" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "digest_episodes" add constraint "digest_episodes_digest_id_foreign" foreign key ("digest_id") references "digests" ("id") on update cascade on delete cascade;`,
    );
    this.addSql(
      `alter table "digest_episodes" add constraint "digest_episodes_episode_id_foreign" foreign key ("episode_id") references "audio_episodes" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "audio_feeds" add constraint "audio_feeds_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "digest_episodes" drop constraint "digest_episodes_episode_id_foreign";`);

    this.addSql(`drop table if exists "audio_segments" cascade;`);

    this.addSql(`drop table if exists "audio_episodes" cascade;`);

    this.addSql(`drop table if exists "digest_episodes" cascade;`);

    this.addSql(`drop table if exists "audio_feeds" cascade;`);
  }
}
