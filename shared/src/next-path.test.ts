import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loginRequestSchema, NEXT_PATH_REFUSED } from './api.js';
import { isSafeNextPath, NEXT_PATH_MAX } from './next-path.js';

test('next= keeps paths on this site and refuses every way to another site', () => {
  for (const ok of ['/', '/digests/abc', '/digests/a%20b?x=1#top', '/dashboard']) assert.equal(isSafeNextPath(ok), true, ok);
  for (const bad of [
    'https://evil.example/digests/1',
    '//evil.example/digests/1',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'digests/1',
    '/digests/1\n',
    '/\t/evil.example',
    '',
    `/${'a'.repeat(NEXT_PATH_MAX)}`,
  ])
    assert.equal(isSafeNextPath(bad), false, JSON.stringify(bad));
});

test('the sign-in request refuses a next= that leaves the site, with a message that says why', () => {
  assert.equal(loginRequestSchema.parse({ email: 'a@example.com', next: '/digests/1' }).next, '/digests/1');
  const refused = loginRequestSchema.safeParse({ email: 'a@example.com', next: '//evil.example' });
  assert.equal(refused.success, false);
  assert.equal(refused.error?.issues[0]?.message, NEXT_PATH_REFUSED);
});
