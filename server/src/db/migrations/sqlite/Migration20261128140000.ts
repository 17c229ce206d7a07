import { Migration } from '@mikro-orm/migrations';

/** Entities of the news (companies, sites, places), their mentions by stories, their facts, and names seen before they are entities (decision 225). */
export class Migration20261128140000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`engine_entities\` (\`id\` text not null, \`kind\` text not null, \`name\` text not null, \`aliases\` json not null, \`role\` text null, \`level\` text null, \`country\` text null, \`operator_id\` text null, \`place_id\` text null, \`common\` integer not null default false, \`status\` text not null default 'confirmed', \`origin\` text not null default 'seed', \`merged_into\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`engine_entities_kind_index\` on \`engine_entities\` (\`kind\`);`);
    this.addSql(`create index \`engine_entities_status_index\` on \`engine_entities\` (\`status\`);`);
    this.addSql(`create index \`engine_entities_merged_into_index\` on \`engine_entities\` (\`merged_into\`);`);

    this.addSql(
      `create table \`engine_entity_facts\` (\`id\` text not null, \`entity_id\` text not null, \`story_id\` text not null, \`type\` text not null, \`mw\` double null, \`stage\` text null, \`amount\` double null, \`currency\` text null, \`usd\` double null, \`status\` text null, \`what\` text null, \`event_date\` text null, \`stated_at\` datetime not null, \`sentence\` text not null, \`language\` text not null, \`source_ids\` json not null, \`article_ids\` json not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`engine_entity_facts_entity_id_index\` on \`engine_entity_facts\` (\`entity_id\`);`);
    this.addSql(`create index \`engine_entity_facts_story_id_index\` on \`engine_entity_facts\` (\`story_id\`);`);
    this.addSql(`create index \`engine_entity_facts_event_date_index\` on \`engine_entity_facts\` (\`event_date\`);`);
    this.addSql(`create index \`engine_entity_facts_stated_at_index\` on \`engine_entity_facts\` (\`stated_at\`);`);

    this.addSql(
      `create table \`engine_entity_mentions\` (\`id\` text not null, \`entity_id\` text not null, \`story_id\` text not null, \`article_id\` text null, \`about\` integer not null default false, \`published_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`engine_entity_mentions_entity_id_index\` on \`engine_entity_mentions\` (\`entity_id\`);`);
    this.addSql(`create index \`engine_entity_mentions_story_id_index\` on \`engine_entity_mentions\` (\`story_id\`);`);
    this.addSql(`create index \`engine_entity_mentions_published_at_index\` on \`engine_entity_mentions\` (\`published_at\`);`);

    this.addSql(
      `create table \`engine_entity_names\` (\`id\` text not null, \`key\` text not null, \`story_id\` text not null, \`source_ids\` json not null, \`seen_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(`create index \`engine_entity_names_key_index\` on \`engine_entity_names\` (\`key\`);`);
    this.addSql(`create index \`engine_entity_names_story_id_index\` on \`engine_entity_names\` (\`story_id\`);`);
    this.addSql(`create unique index \`engine_entity_names_key_story_id_unique\` on \`engine_entity_names\` (\`key\`, \`story_id\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`engine_entity_names\`;`);
    this.addSql(`drop table if exists \`engine_entity_facts\`;`);
    this.addSql(`drop table if exists \`engine_entity_mentions\`;`);
    this.addSql(`drop table if exists \`engine_entities\`;`);
  }
}
