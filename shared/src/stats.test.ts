import { test } from 'node:test';
import assert from 'node:assert/strict';
import { computeStats } from './stats.js';

test('stats follow the dashboard formulas', () => {
  assert.deepEqual(computeStats(0, []), { digests: 0, hoursSaved: 0, sourcesRead: 0, averageRating: 0 });
  assert.deepEqual(computeStats(5, [5, 4, 4]), { digests: 5, hoursSaved: 3, sourcesRead: 635, averageRating: 4.3 });
});

test('hours saved round down and a missing rating counts as 0', () => {
  assert.equal(computeStats(1, []).hoursSaved, 0);
  assert.equal(computeStats(3, []).hoursSaved, 2);
  assert.equal(computeStats(2, [5, null]).averageRating, 2.5);
});
