import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DigestStory } from './digests.js';
import { computeStats, countWords, digestStats, READING_WORDS_PER_MINUTE, storyWords } from './stats.js';

function story(id: string, sourceIds: string[], sourceWords?: number): DigestStory {
  return {
    id,
    title: 'Equinix opens MD7 in Madrid',
    interest: 'infrastructure',
    corroboration: sourceIds.length,
    languages: ['en'],
    summary: [{ text: 'Equinix opened MD7 with 60 MW of IT capacity.', language: 'en', sourceIds }],
    keyFigures: ['Capacity: 60 MW'],
    sources: sourceIds.map((s) => ({ id: s, name: s, url: `https://${s}.example/`, language: 'en' })),
    firstSeenAt: '2026-11-23T06:00:00Z',
    ...(sourceWords === undefined ? {} : { sourceWords }),
  };
}

test('words are counted in spaced and unspaced scripts alike', () => {
  assert.equal(countWords('Equinix opened its MD7 data center on 23 November with 1,000.5 MW.'), 12);
  assert.equal(countWords("L'opérateur n'a pas précisé le coût."), 6);
  assert.equal(countWords('Ein 40-MW-Rechenzentrum'), 2);
  assert.equal(countWords('مركز بيانات جديد في الرياض'), 5);
  assert.equal(countWords(''), 0);
  // Japanese has no spaces: the segmenter's words, several per sentence, never one per character or one in all.
  const ja = countWords('エクイニクスは大阪で新しいデータセンターを開設した。');
  assert.ok(ja >= 5 && ja <= 15, `${ja} words`);
});

test('stats: distinct outlets, source words once per story, digest words each time it was read', () => {
  const a = story('a', ['dcd', 'heise'], 2000);
  const b = story('b', ['heise', 'cisa'], 1500);
  const legacy = story('c', ['lemagit']);
  const read = storyWords(a);
  assert.equal(read, 5 + 9 + 3);
  const stats = digestStats([{ stories: [a, legacy] }, { stories: [b] }, { stories: [a, b] }, { stories: [] }]);
  assert.equal(stats.digests, 4);
  assert.equal(stats.outlets, 4, 'dcd, heise, cisa, lemagit');
  assert.equal(stats.sourceWords, 3500, 'a weekly recap does not count its stories twice');
  assert.equal(stats.digestWords, 4 * read, 'the legacy story counts on neither side');
  assert.equal(stats.minutesSaved, Math.floor((3500 - 4 * read) / READING_WORDS_PER_MINUTE));
});

test('a digest longer than its sources saves nothing, never a negative time', () => {
  assert.equal(digestStats([{ stories: [story('a', ['dcd'], 3)] }]).minutesSaved, 0);
  assert.deepEqual(digestStats([]), { digests: 0, outlets: 0, sourceWords: 0, digestWords: 0, minutesSaved: 0 });
});

test('the cards: hours to a tenth (rounded down), zero before the stats load, mean rating with a missing one as 0', () => {
  assert.deepEqual(computeStats(undefined, []), { digests: 0, hoursSaved: 0, outlets: 0, averageRating: 0, storiesUp: 0, storiesDown: 0 });
  const server = { digests: 5, outlets: 4, sourceWords: 30_000, digestWords: 2000, minutesSaved: 117, storyVotes: { up: 3, down: 1 } };
  assert.deepEqual(computeStats(server, [5, 4, 4]), {
    digests: 5,
    hoursSaved: 1.9,
    outlets: 4,
    averageRating: 4.3,
    storiesUp: 3,
    storiesDown: 1,
  });
  assert.equal(computeStats(server, [5, null]).averageRating, 2.5);
});
