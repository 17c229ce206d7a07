import { Migration } from '@mikro-orm/migrations';

/** Follow alerts: each subscriber's settings (email, a signed webhook) and the alerts' outbox (decision 311). */
export class Migration20261128170101 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "follow_alert_settings" ("id" uuid not null, "user_id" uuid not null, "email" boolean not null default false, "webhook_url" varchar(2000) null, "webhook_secret" varchar(100) null, "created_at" timestamptz not null, "updated_at" timestamptz not null, constraint "follow_alert_settings_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "follow_alert_settings" add constraint "follow_alert_settings_user_id_unique" unique ("user_id");`);

    this.addSql(
      `create table "follow_alerts" ("id" uuid not null, "user_id" uuid not null, "channel" varchar(16) not null, "idempotency_key" varchar(400) not null, "change" jsonb not null, "state" varchar(16) not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "lease_until" timestamptz null, "last_error" varchar(500) null, "created_at" timestamptz not null, "sent_at" timestamptz null, constraint "follow_alerts_pkey" primary key ("id"));`,
    );
    this.addSql(`alter table "follow_alerts" add constraint "follow_alerts_idempotency_key_unique" unique ("idempotency_key");`);
    this.addSql(`create index "follow_alerts_state_next_attempt_at_index" on "follow_alerts" ("state", "next_attempt_at");`);

    this.addSql(
      `alter table "follow_alert_settings" add constraint "follow_alert_settings_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );

    this.addSql(
      `alter table "follow_alerts" add constraint "follow_alerts_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "follow_alert_settings" cascade;`);

    this.addSql(`drop table if exists "follow_alerts" cascade;`);
  }
}
