import { Migration } from '@mikro-orm/migrations';

/** One-time sign-in codes beside the emailed link: the code's keyed hash, and each address's newest request with its tries (decision 020). */
export class Migration20261123065114 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`sign_in_requests\` (\`email\` text not null, \`requested_at\` datetime not null, \`expires_at\` datetime not null, \`code_tries\` integer not null default 0, primary key (\`email\`));`,
    );
    this.addSql(`create index \`sign_in_requests_expires_at_index\` on \`sign_in_requests\` (\`expires_at\`);`);

    this.addSql(`alter table \`login_tokens\` add column \`code_hash\` text null;`);
  }
}
