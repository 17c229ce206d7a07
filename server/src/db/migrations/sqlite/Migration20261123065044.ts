import { Migration } from '@mikro-orm/migrations';

/**
 * Ratings from the audio player (decision 406): feedback per medium (the digest as read, or its episode) and
 * per-story thumbs; and where a digest composed ahead of its hour ends its edition window (decision 408).
 */
export class Migration20261123065044 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`story_feedback\` (\`id\` text not null, \`user_id\` text not null, \`digest_id\` text not null, \`story_id\` text not null, \`vote\` integer not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`story_feedback_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, constraint \`story_feedback_digest_id_foreign\` foreign key(\`digest_id\`) references \`digests\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`story_feedback_user_id_index\` on \`story_feedback\` (\`user_id\`);`);
    this.addSql(`create index \`story_feedback_digest_id_index\` on \`story_feedback\` (\`digest_id\`);`);
    this.addSql(
      `create unique index \`story_feedback_user_id_digest_id_story_id_unique\` on \`story_feedback\` (\`user_id\`, \`digest_id\`, \`story_id\`);`,
    );

    this.addSql(`drop index \`feedback_user_id_digest_id_unique\`;`);

    this.addSql(`alter table \`feedback\` add column \`medium\` text not null default 'text';`);
    this.addSql(
      `create unique index \`feedback_user_id_digest_id_medium_unique\` on \`feedback\` (\`user_id\`, \`digest_id\`, \`medium\`);`,
    );

    this.addSql(`alter table \`deliveries\` add column \`window_end\` datetime null;`);
  }
}
