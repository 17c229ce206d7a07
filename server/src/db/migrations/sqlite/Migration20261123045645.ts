import { Migration } from '@mikro-orm/migrations';

/** Audio: sentences synthesised once, episodes per content and voice, each digest's episode and listening position, private podcast feeds (decisions 403, 404). */
export class Migration20261123045645 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`audio_segments\` (\`key\` text not null, \`preset_key\` text not null, \`sample_rate\` integer not null, \`duration_ms\` integer not null, \`created_at\` datetime not null, primary key (\`key\`));`,
    );

    this.addSql(
      `create table \`audio_episodes\` (\`id\` text not null, \`content_id\` text not null, \`preset_key\` text not null, \`state\` text not null default 'pending', \`attempts\` integer not null default 0, \`next_attempt_at\` datetime not null, \`lease_owner\` text null, \`lease_until\` datetime null, \`last_error\` text null, \`file_key\` text null, \`bytes\` integer not null default 0, \`duration_ms\` integer not null default 0, \`chapters\` json not null, \`created_at\` datetime not null, \`ready_at\` datetime null, constraint \`audio_episodes_content_id_foreign\` foreign key(\`content_id\`) references \`digest_contents\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`audio_episodes_content_id_index\` on \`audio_episodes\` (\`content_id\`);`);
    this.addSql(`create index \`audio_episodes_state_next_attempt_at_index\` on \`audio_episodes\` (\`state\`, \`next_attempt_at\`);`);
    this.addSql(
      `create unique index \`audio_episodes_content_id_preset_key_unique\` on \`audio_episodes\` (\`content_id\`, \`preset_key\`);`,
    );

    this.addSql(
      `create table \`digest_episodes\` (\`digest_id\` text not null, \`episode_id\` text not null, \`position_sec\` double not null default 0, \`created_at\` datetime not null, constraint \`digest_episodes_digest_id_foreign\` foreign key(\`digest_id\`) references \`digests\`(\`id\`) on delete cascade on update cascade, constraint \`digest_episodes_episode_id_foreign\` foreign key(\`episode_id\`) references \`audio_episodes\`(\`id\`) on delete cascade on update cascade, primary key (\`digest_id\`));`,
    );
    this.addSql(`create index \`digest_episodes_digest_id_index\` on \`digest_episodes\` (\`digest_id\`);`);
    this.addSql(`create index \`digest_episodes_episode_id_index\` on \`digest_episodes\` (\`episode_id\`);`);

    this.addSql(
      `create table \`audio_feeds\` (\`user_id\` text not null, \`token_hash\` text not null, \`created_at\` datetime not null, constraint \`audio_feeds_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`user_id\`));`,
    );
    this.addSql(`create index \`audio_feeds_user_id_index\` on \`audio_feeds\` (\`user_id\`);`);
    this.addSql(`create unique index \`audio_feeds_token_hash_unique\` on \`audio_feeds\` (\`token_hash\`);`);
  }
}
