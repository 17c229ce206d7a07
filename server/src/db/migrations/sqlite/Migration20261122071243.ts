import { Migration } from '@mikro-orm/migrations';

export class Migration20261122071243 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`stripe_events\` (\`id\` text not null, \`type\` text not null, \`created_at\` datetime not null, \`processed_at\` datetime not null, primary key (\`id\`));`,
    );

    this.addSql(`alter table \`users\` add column \`stripe_customer_id\` text null;`);
    this.addSql(`alter table \`users\` add column \`stripe_subscription_id\` text null;`);
    this.addSql(`alter table \`users\` add column \`subscription_attempt\` integer not null default 0;`);
    this.addSql(`alter table \`users\` add column \`trial_started_at\` datetime null;`);
    this.addSql(`alter table \`users\` add column \`welcome_email_sent_at\` datetime null;`);
    this.addSql(`create unique index \`users_stripe_customer_id_unique\` on \`users\` (\`stripe_customer_id\`);`);
  }
}
