import { Migration } from '@mikro-orm/migrations';

export class Migration20261122072756 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`email_suppressions\` (\`email\` text not null, \`reason\` text not null, \`detail\` text null, \`created_at\` datetime not null, primary key (\`email\`));`,
    );

    this.addSql(
      `create table \`received_stories\` (\`id\` text not null, \`user_id\` text not null, \`story_id\` text not null, \`kind\` text not null, \`digest_id\` text not null, \`created_at\` datetime not null, constraint \`received_stories_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`received_stories_digest_id_foreign\` foreign key(\`digest_id\`) references \`digests\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`received_stories_user_id_index\` on \`received_stories\` (\`user_id\`);`);
    this.addSql(`create index \`received_stories_digest_id_index\` on \`received_stories\` (\`digest_id\`);`);
    this.addSql(
      `create unique index \`received_stories_user_id_story_id_kind_unique\` on \`received_stories\` (\`user_id\`, \`story_id\`, \`kind\`);`,
    );

    this.addSql(
      `create table \`deliveries\` (\`id\` text not null, \`user_id\` text not null, \`kind\` text not null, \`edition_date\` text not null, \`slot\` text not null default '', \`scheduled_for\` datetime not null, \`state\` text not null default 'pending', \`digest_id\` text null, \`message_id\` text not null, \`attempts\` integer not null default 0, \`next_attempt_at\` datetime not null, \`lease_owner\` text null, \`lease_until\` datetime null, \`last_error\` text null, \`sent_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`deliveries_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`deliveries_digest_id_foreign\` foreign key(\`digest_id\`) references \`digests\`(\`id\`) on delete set null on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`deliveries_user_id_index\` on \`deliveries\` (\`user_id\`);`);
    this.addSql(`create index \`deliveries_digest_id_index\` on \`deliveries\` (\`digest_id\`);`);
    this.addSql(`create index \`deliveries_state_next_attempt_at_index\` on \`deliveries\` (\`state\`, \`next_attempt_at\`);`);
    this.addSql(`create index \`deliveries_lease_owner_index\` on \`deliveries\` (\`lease_owner\`);`);
    this.addSql(`create index \`deliveries_message_id_index\` on \`deliveries\` (\`message_id\`);`);
    this.addSql(
      `create unique index \`deliveries_user_id_kind_edition_date_slot_unique\` on \`deliveries\` (\`user_id\`, \`kind\`, \`edition_date\`, \`slot\`);`,
    );

    this.addSql(`drop index \`digests_user_id_kind_date_unique\`;`);

    this.addSql(`alter table \`digests\` add column \`slot\` text not null default '';`);
    this.addSql(`alter table \`digests\` add column \`depth\` text not null default 'standard';`);
    this.addSql(`alter table \`digests\` add column \`quiet\` integer not null default false;`);
    this.addSql(`alter table \`digests\` add column \`stories\` json null;`);
    this.addSql(`alter table \`digests\` add column \`search_text\` text not null default '';`);
    this.addSql(`alter table \`digests\` add column \`sent_at\` datetime null;`);
    this.addSql(
      `create unique index \`digests_user_id_kind_date_slot_unique\` on \`digests\` (\`user_id\`, \`kind\`, \`date\`, \`slot\`);`,
    );
  }
}
