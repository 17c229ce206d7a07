import { Migration } from '@mikro-orm/migrations';

/** The account emails' outbox: sign-in links and waitlist emails, sent after the request that owes them. */
export class Migration20261123050000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      "create table `account_mails` (`id` text not null, `kind` text not null, `recipient` text not null, `next_path` text null, `state` text not null default 'pending', `attempts` integer not null default 0, `next_attempt_at` datetime not null, `lease_until` datetime null, `last_error` text null, `created_at` datetime not null, `sent_at` datetime null, primary key (`id`));",
    );
    this.addSql('create index `account_mails_state_next_attempt_at_index` on `account_mails` (`state`, `next_attempt_at`);');
    this.addSql('create index `account_mails_recipient_kind_index` on `account_mails` (`recipient`, `kind`);');
  }
}
