import { Migration } from '@mikro-orm/migrations';

export class Migration20261122074314 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`engine_articles\` (\`id\` text not null, \`source_id\` text not null, \`also_source_ids\` json not null, \`url\` text not null, \`canonical_url\` text not null, \`guid_key\` text null, \`content_hash\` text not null, \`kind\` text not null default 'news', \`title\` text not null, \`text\` text not null, \`language\` text not null, \`language_detected\` integer not null default false, \`translated_language\` text null, \`translated_title\` text null, \`translated_text\` text null, \`translation_provider\` text null, \`author\` text null, \`has_transcript\` integer not null default false, \`extracted_from_page\` integer not null default false, \`published_at\` datetime not null, \`fetched_at\` datetime not null, \`signature\` json not null, \`anchors\` json not null, \`story_id\` text null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`engine_articles_source_id_index\` on \`engine_articles\` (\`source_id\`);`);
    this.addSql(`create unique index \`engine_articles_canonical_url_unique\` on \`engine_articles\` (\`canonical_url\`);`);
    this.addSql(`create index \`engine_articles_guid_key_index\` on \`engine_articles\` (\`guid_key\`);`);
    this.addSql(`create index \`engine_articles_content_hash_index\` on \`engine_articles\` (\`content_hash\`);`);
    this.addSql(`create index \`engine_articles_published_at_index\` on \`engine_articles\` (\`published_at\`);`);
    this.addSql(`create index \`engine_articles_story_id_index\` on \`engine_articles\` (\`story_id\`);`);

    this.addSql(
      `create table \`engine_sources\` (\`id\` text not null, \`name\` text not null, \`site_url\` text not null, \`feed_url\` text not null, \`kind\` text not null default 'news', \`language\` text not null, \`country\` text not null, \`categories\` json not null, \`weight\` double not null default 1, \`enabled\` integer not null default true, \`origin\` text not null default 'catalog', \`etag\` text null, \`last_modified\` text null, \`last_status\` text not null default 'never', \`last_http_status\` integer null, \`last_error\` text null, \`consecutive_failures\` integer not null default 0, \`last_fetched_at\` datetime null, \`last_success_at\` datetime null, \`next_attempt_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`engine_sources_feed_url_unique\` on \`engine_sources\` (\`feed_url\`);`);
    this.addSql(`create index \`engine_sources_enabled_index\` on \`engine_sources\` (\`enabled\`);`);

    this.addSql(
      `create table \`engine_stories\` (\`id\` text not null, \`title\` text not null, \`title_language\` text not null, \`interest\` text not null, \`classification\` json not null, \`summaries\` json not null, \`summarizer\` text not null default 'extractive', \`article_ids\` json not null, \`source_ids\` json not null, \`languages\` json not null, \`corroboration\` integer not null default 1, \`first_seen_at\` datetime not null, \`last_seen_at\` datetime not null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`engine_stories_interest_index\` on \`engine_stories\` (\`interest\`);`);
    this.addSql(`create index \`engine_stories_first_seen_at_index\` on \`engine_stories\` (\`first_seen_at\`);`);
    this.addSql(`create index \`engine_stories_last_seen_at_index\` on \`engine_stories\` (\`last_seen_at\`);`);

    this.addSql(
      `create table \`engine_translations\` (\`id\` text not null, \`key\` text not null, \`provider\` text not null, \`from_language\` text not null, \`to_language\` text not null, \`text\` text not null, \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create unique index \`engine_translations_key_unique\` on \`engine_translations\` (\`key\`);`);
  }
}
