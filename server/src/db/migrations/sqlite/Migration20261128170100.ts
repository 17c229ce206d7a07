import { Migration } from '@mikro-orm/migrations';

/** Follow alerts: each subscriber's settings (email, a signed webhook) and the alerts' outbox (decision 311). */
export class Migration20261128170100 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`follow_alert_settings\` (\`id\` text not null, \`user_id\` text not null, \`email\` integer not null default false, \`webhook_url\` text null, \`webhook_secret\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`follow_alert_settings_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`follow_alert_settings_user_id_index\` on \`follow_alert_settings\` (\`user_id\`);`);
    this.addSql(`create unique index \`follow_alert_settings_user_id_unique\` on \`follow_alert_settings\` (\`user_id\`);`);

    this.addSql(
      `create table \`follow_alerts\` (\`id\` text not null, \`user_id\` text not null, \`channel\` text not null, \`idempotency_key\` text not null, \`change\` json not null, \`state\` text not null default 'pending', \`attempts\` integer not null default 0, \`next_attempt_at\` datetime not null, \`lease_until\` datetime null, \`last_error\` text null, \`created_at\` datetime not null, \`sent_at\` datetime null, constraint \`follow_alerts_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`follow_alerts_user_id_index\` on \`follow_alerts\` (\`user_id\`);`);
    this.addSql(`create unique index \`follow_alerts_idempotency_key_unique\` on \`follow_alerts\` (\`idempotency_key\`);`);
    this.addSql(`create index \`follow_alerts_state_next_attempt_at_index\` on \`follow_alerts\` (\`state\`, \`next_attempt_at\`);`);
  }
}
