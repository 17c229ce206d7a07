import assert from 'node:assert/strict';
import { test } from 'node:test';
import { CookieKeys } from './cookie-keys.js';

// Signatures Keygrip 1.1 (Koa's default) gives for this cookie under each key: cookies signed before still verify.
const DATA = 'dcb.sid=abc123';
const SIGNED_BY_A = 'JUH9FOM7ou5PWUj0OvVORBSrB9Y';
const SIGNED_BY_B = 'kQMngd346_JCOuA3M02B8C_5L7c';

test('cookie keys sign as Keygrip does, and the first key signs', () => {
  assert.equal(new CookieKeys(['secret-a']).sign(DATA), SIGNED_BY_A);
  assert.equal(new CookieKeys(['secret-b', 'secret-a']).sign(DATA), SIGNED_BY_B);
});

test('cookie keys tell which key signed, and refuse any other signature', () => {
  const keys = new CookieKeys(['secret-b', 'secret-a']);
  assert.equal(keys.index(DATA, SIGNED_BY_B), 0);
  assert.equal(keys.index(DATA, SIGNED_BY_A), 1);
  assert.equal(keys.verify(DATA, SIGNED_BY_A), true);
  assert.equal(keys.index(`${DATA}x`, SIGNED_BY_A), -1);
  assert.equal(keys.index(DATA, `${SIGNED_BY_A.slice(0, -1)}Z`), -1);
  assert.equal(keys.index(DATA, SIGNED_BY_A.slice(1)), -1);
  assert.equal(keys.index(DATA, ''), -1);
  assert.equal(new CookieKeys(['secret-c']).verify(DATA, SIGNED_BY_A), false);
});

test('cookie keys need a key', () => {
  assert.throws(() => new CookieKeys([]));
  assert.throws(() => new CookieKeys(['']));
});

test('signatures remembered for repeated values answer as computed ones, forged ones refused every time, past the bound too', () => {
  const keys = new CookieKeys(['secret-b', 'secret-a']);
  for (let round = 0; round < 3; round++) {
    assert.equal(keys.index(DATA, SIGNED_BY_B), 0);
    assert.equal(keys.index(DATA, SIGNED_BY_A), 1);
    assert.equal(keys.index(DATA, `${SIGNED_BY_A.slice(0, -1)}Z`), -1);
    assert.equal(keys.index(DATA, 'forged-signature-of-27-char'), -1);
  }
  // More distinct values than are kept: the first is computed again, with the same answers.
  const reference = new CookieKeys(['secret-b', 'secret-a']);
  for (let i = 0; i < 10_050; i++) keys.verify(`dcb.sid=${i}`, 'x');
  assert.equal(keys.index(DATA, SIGNED_BY_A), 1);
  assert.equal(keys.index('dcb.sid=7', reference.sign('dcb.sid=7')), 0);
  assert.equal(keys.index('dcb.sid=7', reference.sign('dcb.sid=8')), -1);
});
