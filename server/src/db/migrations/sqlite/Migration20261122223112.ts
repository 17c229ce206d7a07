import { Migration } from '@mikro-orm/migrations';

/** Named leases across processes: one ingest pass at a time, scheduled or an operator's (db/lease.ts). */
export class Migration20261122223112 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`job_leases\` (\`name\` text not null, \`owner\` text not null, \`until\` datetime not null, primary key (\`name\`));`,
    );
  }
}
