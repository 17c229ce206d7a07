import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { DEFAULT_PREFERENCES, mergePreferences } from '@dcbrief/shared';
import { fromEngine } from '../../src/delivery/engine-edition.js';
import { renderDigestEmail } from '../../src/delivery/render.js';
import { selectStories } from '../../src/delivery/select-stories.js';

/** One story of `npm run edition -- --json` (the engine's edition), told in English, French and German. */
const engineStory = {
  id: 'story-groningen',
  rank: 1,
  score: 12.5,
  title: 'Dutch government approves €850 million AI factory in Groningen',
  titleLanguage: 'en',
  interest: 'regulations' as const,
  interests: ['regulations' as const],
  interestReasons: [],
  summaries: {
    brief: [
      {
        text: 'The Dutch government approved a €850 million budget for the national AI factory in Groningen.',
        language: 'en',
        sourceIds: ['heise', 'lemonde', 'nos'],
        inReaderLanguage: true,
      },
    ],
    standard: [],
    detailed: [
      {
        text: 'The Dutch government approved a €850 million budget for the national AI factory in Groningen.',
        language: 'en',
        sourceIds: ['heise', 'lemonde', 'nos'],
        inReaderLanguage: true,
      },
      {
        text: 'The factory will run on 12,000 GPUs from 2027.',
        language: 'en',
        sourceIds: ['lemonde'],
        translatedFrom: 'fr',
        inReaderLanguage: true,
      },
      {
        text: 'Der Standort erhält einen Netzanschluss von 40 Megawatt.',
        language: 'de',
        sourceIds: ['heise'],
        inReaderLanguage: false,
      },
    ],
  },
  keyFigures: [
    { label: 'Budget', text: 'EUR 850 million', key: 'eur:850000000', sourceIds: ['heise', 'lemonde', 'nos'] },
    { label: 'Power', text: '40 MW', key: 'mw:40', sourceIds: ['heise'] },
  ],
  sources: [
    { id: 'nos', name: 'NOS', url: 'https://nos.example/ai-fabriek', siteUrl: 'https://nos.example/', language: 'nl', country: 'NL' },
    {
      id: 'lemonde',
      name: 'Le Monde',
      url: 'https://lemonde.example/ia',
      siteUrl: 'https://lemonde.example/',
      language: 'fr',
      country: 'FR',
    },
    {
      id: 'heise',
      name: 'heise online',
      url: 'https://heise.example/ki',
      siteUrl: 'https://heise.example/',
      language: 'de',
      country: 'DE',
    },
  ],
  corroboration: 3,
  languages: ['de', 'en', 'fr'],
  firstSeenAt: '2026-11-23T08:00:00.000Z',
  lastSeenAt: '2026-11-23T10:00:00.000Z',
  ingestedAt: '2026-11-23T10:00:00.000Z',
};

const links = {
  web: 'https://brief.example/digests/d1',
  rate: (n: number) => `https://brief.example/rate?r=${n}`,
  unsubscribe: 'https://brief.example/unsubscribe',
  preferences: 'https://brief.example/dashboard',
};

function detailedDigest() {
  const preferences = mergePreferences(DEFAULT_PREFERENCES, { contentDepth: 'detailed', interests: { regulations: true } });
  const selection = selectStories({
    kind: 'daily',
    date: '2026-11-24',
    edition: [fromEngine(engineStory)],
    preferences,
    received: new Set(),
    mustKnowMinOutlets: 3,
  });
  return { selection, email: renderDigestEmail('Ada', { kind: 'daily', date: '2026-11-24', ...selection }, links) };
}

describe('a story’s facts in the digest email', () => {
  test('the digest keeps each fact’s outlets, its translation and its language mark', () => {
    const { selection } = detailedDigest();
    const [story] = selection.stories;
    assert.deepEqual(
      story!.summary.map((s) => [s.language, s.translatedFrom ?? null, s.inReaderLanguage ?? null, s.sourceIds.length]),
      [
        ['en', null, true, 3],
        ['en', 'fr', true, 1],
        ['de', null, false, 1],
      ],
    );
    assert.deepEqual(story!.keyFigures, ['Budget: EUR 850 million', 'Power: 40 MW']);
  });

  test('HTML: each fact once, with numbered links to every outlet that states it, and [de] on the untranslated one', () => {
    const { html } = detailedDigest().email;
    const items = [...html.matchAll(/<li[^>]*>(.*?)<\/li>/gs)].map((m) => m[0]);
    assert.equal(items.length, 3);
    assert.equal(html.split('€850 million budget').length - 1, 1, 'the budget is told once');
    // Numbers follow the story's source list: 1 NOS, 2 Le Monde, 3 heise online.
    const refs = (li: string) => [...li.matchAll(/<a href="([^"]+)"[^>]*>\[(\d)\]<\/a>/g)].map((m) => `${m[2]} ${m[1]}`);
    assert.deepEqual(refs(items[0]!), ['1 https://nos.example/ai-fabriek', '2 https://lemonde.example/ia', '3 https://heise.example/ki']);
    assert.deepEqual(refs(items[1]!), ['2 https://lemonde.example/ia']);
    assert.doesNotMatch(items[0]! + items[1]!, /\[(en|fr)\]/, 'facts in the reader’s language carry no mark');
    assert.match(items[2]!, /^<li[^>]* lang="de">Der Standort erhält einen Netzanschluss von 40 Megawatt\./);
    assert.match(items[2]!, /<span[^>]* title="German, not translated"[^>]*>\[de\]<\/span>/);
    assert.match(
      html,
      /\[1\] <a href="https:\/\/nos\.example\/ai-fabriek"[^>]*>NOS<\/a> · \[2\] <a[^>]*>Le Monde<\/a> · \[3\] <a[^>]*>heise online<\/a>/,
    );
    assert.match(html, /<strong>Key figures:<\/strong> Budget: EUR 850 million · Power: 40 MW/);
  });

  test('plain text: the same facts, marks and numbers', () => {
    const { text } = detailedDigest().email;
    assert.match(text, /- The Dutch government approved a €850 million budget for the national AI factory in Groningen\. \[1\]\[2\]\[3\]/);
    assert.match(text, /- Der Standort erhält einen Netzanschluss von 40 Megawatt\. \[de: German, not translated\] \[3\]/);
    assert.match(text, /Key figures: Budget: EUR 850 million \| Power: 40 MW/);
    assert.match(text, /\[3\] heise online: https:\/\/heise\.example\/ki/);
  });
});
