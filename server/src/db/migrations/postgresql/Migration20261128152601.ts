import { Migration } from '@mikro-orm/migrations';

/** The entities a subscriber follows (issue 26 item 3, decision 311). */
export class Migration20261128152601 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create table "follows" ("id" uuid not null, "user_id" uuid not null, "entity_id" varchar(80) not null, "created_at" timestamptz not null, constraint "follows_pkey" primary key ("id"));`,
    );
    this.addSql(`create index "follows_entity_id_index" on "follows" ("entity_id");`);
    this.addSql(`alter table "follows" add constraint "follows_user_id_entity_id_unique" unique ("user_id", "entity_id");`);
    this.addSql(
      `alter table "follows" add constraint "follows_user_id_foreign" foreign key ("user_id") references "users" ("id") on update cascade on delete cascade;`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "follows" cascade;`);
  }
}
