import { Migration } from '@mikro-orm/migrations';

/**
 * Rate-limit counters shared by every server on this database (rate-limiter-flexible's PostgreSQL store,
 * docs/decisions/005). No entity maps it: `orm.ts` tells the schema diff to leave it alone.
 */
export class Migration20261122200000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "rate_limits" ("key" varchar(255) not null, "points" integer not null default 0, "expire" bigint null, constraint "rate_limits_pkey" primary key ("key"));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "rate_limits";`);
  }
}
