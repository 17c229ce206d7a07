import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { EntitySchema, RequestContext } from '@mikro-orm/core';
import { initORM, type Orm } from './orm.js';
import { runInRequestContext } from './request-context.js';

const Thing = new EntitySchema<{ id: number }>({
  name: 'Thing',
  tableName: 'things',
  properties: { id: { type: 'number', primary: true } },
});

let orm: Orm;
let dir: string;
before(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-request-context-'));
  orm = await initORM({ database: { kind: 'sqlite', file: path.join(dir, 'db.sqlite') }, entities: [Thing] });
});
after(async () => {
  await orm?.close(true);
  rmSync(dir, { recursive: true, force: true });
});

test('a request context forks the ORM once, when first used, and every use in it gets that fork', async () => {
  const forks: unknown[] = [];
  const fork = orm.em.fork.bind(orm.em);
  orm.em.fork = ((...args: Parameters<typeof fork>) => {
    const em = fork(...args);
    forks.push(em);
    return em;
  }) as typeof orm.em.fork;
  try {
    await runInRequestContext(orm.em, async () => {
      assert.equal(forks.length, 0, 'nothing forked before the ORM is used');
      const first = RequestContext.getEntityManager();
      await Promise.resolve();
      assert.equal(RequestContext.getEntityManager(), first);
      assert.equal(orm.em.getContext(), first, 'the global em resolves to the request fork');
      assert.equal(forks.length, 1);
      assert.notEqual(first, orm.em);
    });
    let other: unknown;
    await runInRequestContext(orm.em, async () => void (other = orm.em.getContext()));
    assert.equal(forks.length, 2);
    assert.notEqual(other, forks[0], 'each request has its own fork');
    await runInRequestContext(orm.em, async () => undefined);
    assert.equal(forks.length, 2, 'a request that never uses the ORM forks nothing');
  } finally {
    orm.em.fork = fork;
  }
});

test('outside a request context the global em still refuses context-specific work', () => {
  assert.throws(() => orm.em.getContext(), /global EntityManager|context/i);
});
