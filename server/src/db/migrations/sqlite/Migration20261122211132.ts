import { Migration } from '@mikro-orm/migrations';

/**
 * A digest's stories move to `digest_contents`, one row per distinct composition shared by the digests
 * that hold it, and "received stories" are read from the live digests instead of a table of their own
 * (docs/decisions/306). Each existing digest gets a content of its own (same id), so nothing is lost;
 * `received_stories` held only what the digests' stories already say. The outbox gets the indexes its claims
 * and compose pages read in order: (state, next_attempt_at, id) and (state, digest_id, id).
 */
export class Migration20261122211132 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`digest_contents\` (\`id\` text not null, \`stories\` json not null, \`story_ids\` json not null, \`search_text\` text not null default '', \`created_at\` datetime not null, primary key (\`id\`));`,
    );
    this.addSql(
      `alter table \`digests\` add column \`content_id\` text null constraint \`digests_content_id_foreign\` references \`digest_contents\` (\`id\`) on update cascade on delete set null;`,
    );
    this.addSql(`insert into \`digest_contents\` (\`id\`, \`stories\`, \`story_ids\`, \`search_text\`, \`created_at\`)
      select \`id\`, coalesce(\`stories\`, '[]'),
        (select json_group_array(json_extract(\`value\`, '$.id')) from json_each(coalesce(\`digests\`.\`stories\`, '[]'))),
        \`search_text\`, \`created_at\`
      from \`digests\`;`);
    this.addSql(`update \`digests\` set \`content_id\` = \`id\`;`);
    this.addSql(`create index \`digests_content_id_index\` on \`digests\` (\`content_id\`);`);

    this.addSql(`alter table \`digests\` drop column \`stories\`;`);
    this.addSql(`alter table \`digests\` drop column \`search_text\`;`);
    this.addSql(`drop table if exists \`received_stories\`;`);

    this.addSql(`create index \`deliveries_state_digest_id_id_index\` on \`deliveries\` (\`state\`, \`digest_id\`, \`id\`);`);
    this.addSql(`drop index \`deliveries_state_next_attempt_at_index\`;`);
    this.addSql(`create index \`deliveries_state_next_attempt_at_id_index\` on \`deliveries\` (\`state\`, \`next_attempt_at\`, \`id\`);`);
  }
}
