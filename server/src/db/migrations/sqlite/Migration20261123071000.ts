import { Migration } from '@mikro-orm/migrations';

/**
 * Sentences cached as encoded MP3 frames with their exact length and size, and when each was last used, for
 * housekeeping's retention (decisions 410, 412). WAV-era rows keep zeros: their keys are not asked for any more.
 */
export class Migration20261123071000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table \`audio_segments\` add column \`samples\` integer not null default 0;`);
    this.addSql(`alter table \`audio_segments\` add column \`bytes\` integer not null default 0;`);
    this.addSql(`alter table \`audio_segments\` add column \`last_used_at\` datetime null;`);
    this.addSql(`create index \`audio_segments_last_used_at_index\` on \`audio_segments\` (\`last_used_at\`);`);
  }
}
