import { Migration } from '@mikro-orm/migrations';
import { trialEmailHash } from '../../../lib/trial-email-hash.js';

/**
 * The card-free trial (docs/decisions/008): one trial per address, kept as a hash across deleted accounts, and
 * the dates the dashboard shows (trial end, next charge, end of a cancelled subscription).
 */
export class Migration20261123043358 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "trial_claims" ("email_hash" varchar(64) not null, "claimed_at" timestamptz not null, constraint "trial_claims_pkey" primary key ("email_hash"));`,
    );

    this.addSql(
      `alter table "users" add column "trial_ends_at" timestamptz null, add column "next_charge_at" timestamptz null, add column "cancels_at" timestamptz null;`,
    );

    // Accounts that already had a trial (with a card, decision 006) have used their address's one trial.
    const trialed = (await this.execute('select id, email from users where trial_started_at is not null')) as Array<{
      id: string;
      email: string;
    }>;
    for (const { id, email } of trialed) {
      this.addSql(
        `insert into trial_claims (email_hash, claimed_at) select '${trialEmailHash(email)}', trial_started_at from users where id = '${id.replace(/'/g, "''")}' on conflict (email_hash) do nothing;`,
      );
    }
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "trial_claims" cascade;`);

    this.addSql(`alter table "users" drop column "trial_ends_at", drop column "next_charge_at", drop column "cancels_at";`);
  }
}
