import { Migration } from '@mikro-orm/migrations';

/**
 * `users.subscription_attempt` has not been read since each checkout attempt got its own idempotency key
 * (docs/decisions/007).
 */
export class Migration20261122222156 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table \`users\` drop column \`subscription_attempt\`;`);
  }
}
