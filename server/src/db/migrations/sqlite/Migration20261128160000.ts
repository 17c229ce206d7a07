import { Migration } from '@mikro-orm/migrations';

/**
 * `calendar_feeds`: a subscriber's private calendar of followed events (docs/decisions/022), the sha256 of its token
 * only, one row per subscriber, as `audio_feeds` is for the podcast feed.
 */
export class Migration20261128160000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`calendar_feeds\` (\`user_id\` text not null, \`token_hash\` text not null, \`created_at\` datetime not null, constraint \`calendar_feeds_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`user_id\`));`,
    );
    this.addSql(`create index \`calendar_feeds_user_id_index\` on \`calendar_feeds\` (\`user_id\`);`);
    this.addSql(`create unique index \`calendar_feeds_token_hash_unique\` on \`calendar_feeds\` (\`token_hash\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`calendar_feeds\`;`);
  }
}
