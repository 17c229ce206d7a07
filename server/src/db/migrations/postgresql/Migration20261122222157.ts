import { Migration } from '@mikro-orm/migrations';

/**
 * `users.subscription_attempt` has not been read since each checkout attempt got its own idempotency key
 * (docs/decisions/007).
 */
export class Migration20261122222157 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "users" drop column "subscription_attempt";`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "users" add column "subscription_attempt" int4 not null default 0;`);
  }
}
