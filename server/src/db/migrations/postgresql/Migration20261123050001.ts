import { Migration } from '@mikro-orm/migrations';

/** The account emails' outbox: sign-in links and waitlist emails, sent after the request that owes them. */
export class Migration20261123050001 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "account_mails" ("id" uuid not null, "kind" varchar(32) not null, "recipient" varchar(254) not null, "next_path" varchar(2000) null, "state" varchar(16) not null default 'pending', "attempts" int not null default 0, "next_attempt_at" timestamptz not null, "lease_until" timestamptz null, "last_error" varchar(500) null, "created_at" timestamptz not null, "sent_at" timestamptz null, constraint "account_mails_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "account_mails_state_next_attempt_at_index" on "account_mails" ("state", "next_attempt_at");`);
    this.addSql(`create index "account_mails_recipient_kind_index" on "account_mails" ("recipient", "kind");`);
  }
}
