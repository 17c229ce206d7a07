import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normalizeSignInCode, SIGN_IN_CODE_LENGTH } from '@dcbrief/shared';
import { groupSignInCode, newSignInCode, signInCodeKey } from './auth.service.js';

test('codes are 8 digits with their leading zeros, spread over every first digit', () => {
  const firstDigits = new Map<string, number>();
  for (let i = 0; i < 5000; i++) {
    const code = newSignInCode();
    assert.match(code, new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`));
    firstDigits.set(code[0]!, (firstDigits.get(code[0]!) ?? 0) + 1);
  }
  // Uniform: each first digit about 500 times in 5,000 (a code below 10^7 keeps its leading zero).
  assert.equal(firstDigits.size, 10);
  for (const [digit, count] of firstDigits) assert.ok(count > 380 && count < 620, `first digit ${digit}: ${count} of 5000`);
});

test('the email shows the code in two groups, and what a person types back is read as the same code', () => {
  assert.equal(groupSignInCode('04821937'), '0482 1937');
  for (const typed of ['0482 1937', '0482-1937', ' 04821937 ', '0482\u00a01937']) assert.equal(normalizeSignInCode(typed), '04821937');
});

test('the hash key is derived from the session secret, never the secret itself', () => {
  const secret = 'x'.repeat(40);
  const key = signInCodeKey(secret);
  assert.equal(key.length, 32);
  assert.notEqual(key.toString('utf8'), secret);
  assert.deepEqual(key, signInCodeKey(secret));
  assert.notDeepEqual(key, signInCodeKey('y'.repeat(40)));
});
