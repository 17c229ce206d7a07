import { Migration } from '@mikro-orm/migrations';

/** A weekly summary's "What changed" of the subscriber's followed entities, stored with its stories (decision 311). */
export class Migration20261128170001 extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table "digest_contents" add column "changes" jsonb null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table "digest_contents" drop column "changes";');
  }
}
