import { Migration } from '@mikro-orm/migrations';

export class Migration20261122071244 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "stripe_events" ("id" varchar(255) not null, "type" varchar(100) not null, "created_at" timestamptz not null, "processed_at" timestamptz not null, constraint "stripe_events_pkey" primary key ("id"));`,
    );

    this.addSql(
      `alter table "users" add column "stripe_customer_id" varchar(64) null, add column "stripe_subscription_id" varchar(64) null, add column "subscription_attempt" int not null default 0, add column "trial_started_at" timestamptz null, add column "welcome_email_sent_at" timestamptz null;`,
    );
    this.addSql(`alter table "users" add constraint "users_stripe_customer_id_unique" unique ("stripe_customer_id");`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "stripe_events" cascade;`);

    this.addSql(`alter table "users" drop constraint "users_stripe_customer_id_unique";`);
    this.addSql(
      `alter table "users" drop column "stripe_customer_id", drop column "stripe_subscription_id", drop column "subscription_attempt", drop column "trial_started_at", drop column "welcome_email_sent_at";`,
    );
  }
}
