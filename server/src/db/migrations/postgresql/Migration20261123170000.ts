import { Migration } from '@mikro-orm/migrations';

/**
 * PostgreSQL only: every change to `sessions` and `users` notifies the servers' session caches on the channel
 * `dcb_session_cache` (modules/sessions/session-cache.ts, docs/decisions/525). A row change sends `s:<session id>`
 * or `u:<user id>`, for the old and the new row; a truncate sends `*` (everything). PostgreSQL delivers a
 * notification only when its transaction commits, so no server is told before the change is visible, and a
 * rolled-back change tells no one. SQLite has one server per file and no cache: nothing to do there.
 */
export class Migration20261123170000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `create function "dcb_session_cache_notify"() returns trigger language plpgsql as $body$
begin
  if tg_op = 'TRUNCATE' then
    perform pg_notify('dcb_session_cache', '*');
    return null;
  end if;
  if tg_op <> 'INSERT' then
    perform pg_notify('dcb_session_cache', tg_argv[0] || old.id::text);
  end if;
  if tg_op <> 'DELETE' then
    perform pg_notify('dcb_session_cache', tg_argv[0] || new.id::text);
  end if;
  return null;
end;
$body$;`,
    );
    for (const [table, prefix] of [
      ['sessions', 's:'],
      ['users', 'u:'],
    ] as const) {
      this.addSql(
        `create trigger "${table}_cache_notify" after insert or update or delete on "${table}" for each row execute function "dcb_session_cache_notify"('${prefix}');`,
      );
      this.addSql(
        `create trigger "${table}_cache_truncate" after truncate on "${table}" for each statement execute function "dcb_session_cache_notify"('${prefix}');`,
      );
    }
  }

  override async down(): Promise<void> {
    for (const table of ['sessions', 'users']) {
      this.addSql(`drop trigger if exists "${table}_cache_truncate" on "${table}";`);
      this.addSql(`drop trigger if exists "${table}_cache_notify" on "${table}";`);
    }
    this.addSql(`drop function if exists "dcb_session_cache_notify"();`);
  }
}
