import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { DigestStory } from '@dcbrief/shared';
import { buildScript, spokenDate } from './script.js';

function story(id: string, over: Partial<DigestStory> = {}): DigestStory {
  return {
    id,
    title: `Operator ${id} plans a 40 MW campus`,
    interest: 'infrastructure',
    corroboration: 3,
    languages: ['en'],
    summary: [{ text: `Operator ${id} will invest EUR 850 million`, language: 'en', sourceIds: ['s1'] }],
    keyFigures: [],
    sources: [{ id: 's1', name: 'DCD', url: 'https://example.com/a', language: 'en' }],
    firstSeenAt: '2026-11-22T06:00:00.000Z',
    ...over,
  };
}

test('the script reads the content verbatim: intro with the date, per story its headline, facts and outlets, outro', () => {
  const segments = buildScript({
    kind: 'daily',
    date: '2026-11-23',
    stories: [
      story('a', {
        summary: [
          { text: 'The site opens in 2027.', language: 'en', sourceIds: ['s1'] },
          { text: 'Der Betreiber nennt keine Kosten.', language: 'de', sourceIds: ['s2'], inReaderLanguage: false },
          { text: 'PUE will be 1.2.', language: 'en', sourceIds: ['s2'], translatedFrom: 'de' },
        ],
        keyFigures: ['Capacity: 40 MW'],
      }),
      story('b', { corroboration: 1 }),
    ],
  });
  assert.deepEqual(
    segments.map((s) => [s.kind, s.storyId ?? null, s.title]),
    [
      ['intro', null, 'Introduction'],
      ['story', 'a', 'Operator a plans a 40 MW campus'],
      ['story', 'b', 'Operator b plans a 40 MW campus'],
      ['outro', null, 'End'],
    ],
  );
  assert.deepEqual(
    segments.map((s) => s.lines.map((l) => l.text)),
    [
      ['DC Brief, your daily brief for Monday, 23 November 2026.', '2 stories.'],
      [
        'Story 1 of 2.',
        'Operator a plans a 40 MW campus.',
        'The site opens in 2027.',
        'PUE will be 1.2.',
        'Capacity: 40 MW.',
        'Reported by 3 outlets.',
      ],
      ['Story 2 of 2.', 'Operator b plans a 40 MW campus.', 'Operator b will invest EUR 850 million.', 'Reported by 1 outlet.'],
      ['That was your DC Brief for Monday, 23 November 2026.'],
    ],
  );
  assert.deepEqual(
    segments[1]!.lines.map((l) => l.spoken),
    [
      'Story 1 of 2.',
      'Operator a plans a 40 megawatt campus.',
      'The site opens in twenty twenty-seven.',
      'P U E will be 1.2.',
      'Capacity: 40 megawatts.',
      'Reported by 3 outlets.',
    ],
  );
  assert.equal(segments[0]!.lines[0]!.spoken, 'D C Brief, your daily brief for Monday, 23 November twenty twenty-six.');
});

test('a weekly summary and a single story say so', () => {
  const [intro] = buildScript({ kind: 'weekly', date: '2026-11-30', stories: [story('x')] });
  assert.deepEqual(
    intro!.lines.map((l) => l.text),
    ['DC Brief, your weekly summary for Monday, 30 November 2026.', '1 story.'],
  );
  assert.equal(spokenDate('2026-02-01'), 'Sunday, 1 February 2026');
});
