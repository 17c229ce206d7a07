import { Migration } from '@mikro-orm/migrations';

/**
 * Stories get `ingested_at`, when they became known to us as news (docs/decisions/304): editions select
 * on it instead of the publication time. Existing stories with a fact sentence are backfilled with the
 * time of the ingest pass that created them (`created_at`); the others get it when they gain one.
 * Received stories are released by digest when a digest is cancelled or fails: index that column.
 */
export class Migration20261122190001 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "engine_stories" add column "ingested_at" timestamptz null;`);
    this.addSql(`update "engine_stories" set "ingested_at" = "created_at" where jsonb_array_length("summaries" -> 'brief') > 0;`);
    this.addSql(`create index "engine_stories_ingested_at_index" on "engine_stories" ("ingested_at");`);

    this.addSql(`create index "received_stories_digest_id_index" on "received_stories" ("digest_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "received_stories_digest_id_index";`);

    this.addSql(`drop index "engine_stories_ingested_at_index";`);
    this.addSql(`alter table "engine_stories" drop column "ingested_at";`);
  }
}
