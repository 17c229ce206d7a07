import { Migration } from '@mikro-orm/migrations';

/** Named leases across processes: one ingest pass at a time, scheduled or an operator's (db/lease.ts). */
export class Migration20261122223113 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "job_leases" ("name" varchar(64) not null, "owner" varchar(100) not null, "until" timestamptz not null, constraint "job_leases_pkey" primary key ("name"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "job_leases" cascade;`);
  }
}
