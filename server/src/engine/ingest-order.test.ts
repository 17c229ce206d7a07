import assert from 'node:assert/strict';
import { test } from 'node:test';
import { hostByHost } from './ingest.service.js';
import { Source } from './model/source.entity.js';

test('sources are fetched host by host in turn, each host in catalogue order, none lost', () => {
  const source = (id: string, feedUrl: string) => Object.assign(new Source(), { id, feedUrl });
  const due = [
    source('a1', 'https://a.example/1.xml'),
    source('a2', 'https://a.example/2.xml'),
    source('a3', 'https://a.example/3.xml'),
    source('b1', 'https://b.example/feed'),
    source('bad', 'not a url'),
    source('c1', 'http://c.example:8080/rss'),
    source('b2', 'https://b.example/other'),
  ];
  assert.deepEqual(
    hostByHost(due).map((s) => s.id),
    ['a1', 'b1', 'bad', 'c1', 'a2', 'b2', 'a3'],
  );
  assert.deepEqual(hostByHost([]), []);
});
