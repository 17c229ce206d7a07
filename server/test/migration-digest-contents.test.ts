import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { migrator as loadMigrator, type Orm } from '../src/db/orm.js';
import { openDatabase } from '../src/database.js';
import { skipWithoutPostgres, startTempPostgres } from './support/postgres.js';

/**
 * The migration that moves a digest's stories to `digest_contents` (docs/decisions/306) keeps every
 * existing digest readable: a database at the previous migration, with digests in it, migrated forward.
 */
async function migrateWithOldDigest(orm: Orm, dialect: 'sqlite' | 'postgresql', previous: string) {
  const migrator = await loadMigrator(orm);
  await migrator.up({ to: previous });
  const knex = (orm.em as unknown as SqlEntityManager).getKnex();
  const now = dialect === 'sqlite' ? Date.now() : new Date();
  const userId = '00000000-0000-4000-8000-000000000001';
  const digestId = '00000000-0000-4000-8000-000000000002';
  await knex('users').insert({
    id: userId,
    email: 'old@digest.example',
    first_name: 'Old',
    last_name: 'Reader',
    timezone: 'UTC',
    preferences: JSON.stringify({}),
    subscription_attempt: 0,
    created_at: now,
    updated_at: now,
  });
  const stories = [
    { id: 'story-a', title: 'A' },
    { id: 'story-b', title: 'B' },
  ];
  await knex('digests').insert({
    id: digestId,
    user_id: userId,
    kind: 'daily',
    date: '2026-11-20',
    slot: '',
    title: 'Daily brief',
    story_count: 2,
    depth: 'standard',
    quiet: false,
    stories: JSON.stringify(stories),
    search_text: 'daily brief a b',
    created_at: now,
  });
  await migrator.up();
  const [digest] = await knex('digests').where({ id: digestId });
  assert.equal(digest.content_id, digestId, 'the digest points at its content');
  const [content] = await knex('digest_contents').where({ id: digestId });
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  assert.deepEqual(parse(content.stories), stories);
  assert.deepEqual(parse(content.story_ids), ['story-a', 'story-b']);
  assert.equal(content.search_text, 'daily brief a b');
  assert.equal(await knex.schema.hasTable('received_stories'), false);
}

test('SQLite: digests stored before the move keep their stories and search text', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-migration-'));
  const orm = await openDatabase({ kind: 'sqlite', file: path.join(dir, 'db.sqlite') });
  try {
    await migrateWithOldDigest(orm, 'sqlite', 'Migration20261122190000');
  } finally {
    await orm.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

test('PostgreSQL: digests stored before the move keep their stories and search text', { skip: skipWithoutPostgres() }, async () => {
  const pg = (await startTempPostgres())!;
  const orm = await openDatabase({ kind: 'postgresql', url: pg.url });
  try {
    await migrateWithOldDigest(orm, 'postgresql', 'Migration20261122200000');
  } finally {
    await orm.close();
    await pg.stop();
  }
});
