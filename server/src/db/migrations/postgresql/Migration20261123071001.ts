import { Migration } from '@mikro-orm/migrations';

/**
 * Sentences cached as encoded MP3 frames with their exact length and size, and when each was last used, for
 * housekeeping's retention (decisions 410, 412). WAV-era rows keep zeros: their keys are not asked for any more.
 */
export class Migration20261123071001 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "audio_segments" add column "samples" int not null default 0, add column "bytes" int not null default 0, add column "last_used_at" timestamptz null;`,
    );
    this.addSql(`create index "audio_segments_last_used_at_index" on "audio_segments" ("last_used_at");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop index "audio_segments_last_used_at_index";`);
    this.addSql(`alter table "audio_segments" drop column "samples", drop column "bytes", drop column "last_used_at";`);
  }
}
