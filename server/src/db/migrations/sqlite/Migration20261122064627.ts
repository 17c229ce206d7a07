import { Migration } from '@mikro-orm/migrations';

export class Migration20261122064627 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`login_tokens\` (\`id\` text not null, \`token_hash\` text not null, \`email\` text not null, \`expires_at\` datetime not null, \`used_at\` datetime null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`login_tokens_token_hash_unique\` on \`login_tokens\` (\`token_hash\`);`);
    this.addSql(`create index \`login_tokens_email_index\` on \`login_tokens\` (\`email\`);`);

    this.addSql(
      `create table \`sessions\` (\`id\` text not null, \`data\` json not null, \`user_id\` text null, \`expires_at\` datetime not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`sessions_user_id_index\` on \`sessions\` (\`user_id\`);`);
    this.addSql(`create index \`sessions_expires_at_index\` on \`sessions\` (\`expires_at\`);`);

    this.addSql(
      `create table \`users\` (\`id\` text not null, \`email\` text not null, \`first_name\` text not null default '', \`last_name\` text not null default '', \`subscription_tier\` text null, \`subscription_status\` text not null default 'inactive', \`timezone\` text not null default 'UTC', \`preferences\` json not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`users_email_unique\` on \`users\` (\`email\`);`);

    this.addSql(
      `create table \`digests\` (\`id\` text not null, \`user_id\` text not null, \`kind\` text not null, \`date\` text not null, \`title\` text not null, \`story_count\` integer not null default 0, \`created_at\` datetime not null, constraint \`digests_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`digests_user_id_index\` on \`digests\` (\`user_id\`);`);
    this.addSql(`create index \`digests_user_id_created_at_index\` on \`digests\` (\`user_id\`, \`created_at\`);`);
    this.addSql(`create unique index \`digests_user_id_kind_date_unique\` on \`digests\` (\`user_id\`, \`kind\`, \`date\`);`);

    this.addSql(
      `create table \`feedback\` (\`id\` text not null, \`user_id\` text not null, \`digest_id\` text not null, \`rating\` integer not null, \`comment\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`feedback_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`feedback_digest_id_foreign\` foreign key(\`digest_id\`) references \`digests\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`feedback_user_id_index\` on \`feedback\` (\`user_id\`);`);
    this.addSql(`create index \`feedback_digest_id_index\` on \`feedback\` (\`digest_id\`);`);
    this.addSql(`create index \`feedback_user_id_created_at_index\` on \`feedback\` (\`user_id\`, \`created_at\`);`);
    this.addSql(`create unique index \`feedback_user_id_digest_id_unique\` on \`feedback\` (\`user_id\`, \`digest_id\`);`);

    this.addSql(
      `create table \`waitlist_drafts\` (\`id\` text not null, \`visitor_key\` text not null, \`email\` text not null default '', \`first_name\` text not null default '', \`last_name\` text not null default '', \`phone_number\` text not null default '', \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`waitlist_drafts_visitor_key_unique\` on \`waitlist_drafts\` (\`visitor_key\`);`);

    this.addSql(
      `create table \`waitlist_entries\` (\`id\` text not null, \`email\` text not null, \`first_name\` text not null, \`last_name\` text not null, \`phone_number\` text not null, \`invited_at\` datetime null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`waitlist_entries_email_unique\` on \`waitlist_entries\` (\`email\`);`);
  }
}
