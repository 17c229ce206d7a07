import { Migration } from '@mikro-orm/migrations';

/**
 * Sources get `ill_formed`: why the feed's last document is not well-formed XML when the ingest read it all the
 * same (docs/decisions/221), shown by `npm run sources` as "ill-formed but read". Null for every existing source:
 * until now such feeds were refused and recorded as failed.
 */
export class Migration20261128120000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table \`engine_sources\` add column \`ill_formed\` text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table \`engine_sources\` drop column \`ill_formed\`;`);
  }
}
