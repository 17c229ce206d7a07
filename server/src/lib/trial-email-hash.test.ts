import assert from 'node:assert/strict';
import { test } from 'node:test';
import { normaliseEmail, trialEmailHash } from './trial-email-hash.js';

test('one mailbox, one trial: case, +tags, and Gmail dots and googlemail.com fold to one address', () => {
  assert.equal(normaliseEmail(' Ana.Silva+trial2@Gmail.com '), 'anasilva@gmail.com');
  assert.equal(normaliseEmail('anasilva@googlemail.com'), 'anasilva@gmail.com');
  assert.equal(normaliseEmail('Ops.Lead+dc@example.com'), 'ops.lead@example.com', 'dots matter outside Gmail');
  assert.equal(normaliseEmail('+only@example.com'), '+only@example.com', 'a local part that is all tag stays');
  assert.equal(trialEmailHash('Ana.Silva+x@gmail.com'), trialEmailHash('anasilva@googlemail.com'));
  assert.notEqual(trialEmailHash('ana@example.com'), trialEmailHash('ana@example.org'));
  assert.match(trialEmailHash('ana@example.com'), /^[0-9a-f]{64}$/);
  assert.ok(!trialEmailHash('ana@example.com').includes('ana'));
});
