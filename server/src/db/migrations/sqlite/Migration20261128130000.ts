import { Migration } from '@mikro-orm/migrations';

/** Account emails carry what their renderer needs besides the address: billing notices go through the outbox (decision 534). */
export class Migration20261128130000 extends Migration {
  override async up(): Promise<void> {
    this.addSql('alter table `account_mails` add column `params` json null;');
  }

  override async down(): Promise<void> {
    this.addSql('alter table `account_mails` drop column `params`;');
  }
}
