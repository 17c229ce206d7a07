import { Migration } from '@mikro-orm/migrations';

/** The entities a subscriber follows (issue 26 item 3, decision 311). */
export class Migration20261128152600 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table \`follows\` (\`id\` text not null, \`user_id\` text not null, \`entity_id\` text not null, \`created_at\` datetime not null, constraint \`follows_user_id_foreign\` foreign key(\`user_id\`) references \`users\`(\`id\`) on delete cascade on update cascade, primary key (\`id\`));`,
    );
    this.addSql(`create index \`follows_user_id_index\` on \`follows\` (\`user_id\`);`);
    this.addSql(`create index \`follows_entity_id_index\` on \`follows\` (\`entity_id\`);`);
    this.addSql(`create unique index \`follows_user_id_entity_id_unique\` on \`follows\` (\`user_id\`, \`entity_id\`);`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists \`follows\`;`);
  }
}
