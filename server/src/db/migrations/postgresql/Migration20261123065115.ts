import { Migration } from '@mikro-orm/migrations';

/** One-time sign-in codes beside the emailed link: the code's keyed hash, and each address's newest request with its tries (decision 020). */
export class Migration20261123065115 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "sign_in_requests" ("email" varchar(254) not null, "requested_at" timestamptz not null, "expires_at" timestamptz not null, "code_tries" int not null default 0, constraint "sign_in_requests_pkey" primary key ("email"));`,
    );
    this.addSql(`create index "sign_in_requests_expires_at_index" on "sign_in_requests" ("expires_at");`);

    this.addSql(`alter table "login_tokens" add column "code_hash" varchar(64) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "sign_in_requests" cascade;`);

    this.addSql(`alter table "login_tokens" drop column "code_hash";`);
  }
}
