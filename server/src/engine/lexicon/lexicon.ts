import { readFileSync } from 'node:fs';
import { INTERESTS, type Interest } from '@dcbrief/shared';
import { z } from 'zod';
import { Matcher, normalizeForMatch } from './matcher.js';

/**
 * The field's lexicon: concepts of data-center news (cooling, outage, acquisition, permit, ransomware, ...)
 * with the words the press of every catalog language uses for them, kept as reviewed data in
 * lexicon.json (format and review rules: README.md beside it). A concept id is the same in every
 * language, so it serves as an anchor across languages (clustering) and as the reason for an interest
 * (classification) without any translation service.
 */

export const INTERNATIONAL = '*';

const termsSchema = z.array(z.string().trim().min(1).max(120)).max(60);

const conceptSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'id: kebab-case'),
  label: z.string().min(2).max(80),
  interests: z.partialRecord(z.enum(INTERESTS), z.number().int().min(1).max(5)),
  terms: z.record(z.string(), termsSchema),
});

const languageSchema = z.strictObject({
  name: z.string().min(2),
  review: z.enum(['draft', 'reviewed']),
  reviewedBy: z.string().optional(),
  reviewedOn: z.iso.date().optional(),
  proclitics: z.array(z.string().min(1).max(4)).optional(),
});

export const lexiconFileSchema = z
  .strictObject({
    format: z.literal(1),
    languages: z.record(z.string().regex(/^[a-z]{2,3}$/), languageSchema),
    concepts: z.array(conceptSchema).min(1),
  })
  .superRefine((file, ctx) => {
    const ids = new Set<string>();
    file.concepts.forEach((c, i) => {
      if (ids.has(c.id)) ctx.addIssue({ code: 'custom', path: ['concepts', i, 'id'], message: `duplicate concept ${c.id}` });
      ids.add(c.id);
      if (!Object.keys(c.interests).length) ctx.addIssue({ code: 'custom', path: ['concepts', i, 'interests'], message: 'no interest' });
      for (const lang of Object.keys(c.terms))
        if (lang !== INTERNATIONAL && !file.languages[lang])
          ctx.addIssue({ code: 'custom', path: ['concepts', i, 'terms', lang], message: `language ${lang} is not declared` });
    });
  });

export type LexiconFile = z.infer<typeof lexiconFileSchema>;

export interface Concept {
  id: string;
  label: string;
  /** Points each interest gets when the concept is found (classify/interests.ts counts a title's triple). */
  interests: Partial<Record<Interest, number>>;
}

export interface ConceptHit {
  concept: string;
  /** The first term found, as written in the lexicon (`Rechenzentr*`, `データセンター`). */
  term: string;
  /** The language whose list holds that term (`*` for the international terms: PUE, GPU, DDoS, ...). */
  language: string;
  /** How many times terms of this concept occur. */
  count: number;
}

export class LexiconError extends Error {}

const MATCHER_CACHE = 48;

/** Lexicon keys for language tags: `zh-TW` -> `zh`, `pt-BR` -> `pt`, `no`/`nn` -> `nb`; null when not covered. */
export function lexiconKey(tag: string, languages: ReadonlySet<string>): string | null {
  const base = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  const key = base === 'no' || base === 'nn' ? 'nb' : base;
  return languages.has(key) ? key : null;
}

export class Lexicon {
  readonly concepts: ReadonlyMap<string, Concept>;
  readonly languages: ReadonlySet<string>;
  private readonly matchers = new Map<string, Matcher>();

  constructor(private readonly file: LexiconFile) {
    this.concepts = new Map(file.concepts.map((c) => [c.id, { id: c.id, label: c.label, interests: c.interests }]));
    this.languages = new Set(Object.keys(file.languages));
  }

  /**
   * The concepts a text talks about, in the order they first occur. `language` is a tag or several (a
   * story told in several languages); the terms of those languages and the international ones are
   * looked for. A language outside the lexicon falls back to English.
   */
  conceptsIn(text: string, language: string | readonly string[]): ConceptHit[] {
    if (!text) return [];
    const hits = new Map<string, ConceptHit>();
    this.matcherFor(language).scan(normalizeForMatch(text), (ref) => {
      const hit = hits.get(ref.concept);
      if (hit) hit.count++;
      else hits.set(ref.concept, { concept: ref.concept, term: ref.term, language: ref.language, count: 1 });
    });
    return [...hits.values()];
  }

  /** The concept ids of a text: the language-free anchors clustering compares. */
  conceptIds(text: string, language: string | readonly string[]): Set<string> {
    return new Set(this.conceptsIn(text, language).map((h) => h.concept));
  }

  /**
   * Of `candidates`, the languages whose own words (not the international terms) name the most concepts
   * in the text; empty when none does. A vote for short texts whose language the words around them
   * cannot settle ("Avbrott i datacenter slog ut ..." is Swedish by `avbrott`).
   */
  languagesByTerms(text: string, candidates: readonly string[]): string[] {
    const named = new Map<string, Set<string>>();
    this.matcherFor(candidates).scan(normalizeForMatch(text), (ref) => {
      if (ref.language === INTERNATIONAL) return;
      let concepts = named.get(ref.language);
      if (!concepts) named.set(ref.language, (concepts = new Set()));
      concepts.add(ref.concept);
    });
    const most = Math.max(0, ...[...named.values()].map((c) => c.size));
    return most ? [...named].filter(([, c]) => c.size === most).map(([language]) => language) : [];
  }

  private matcherFor(language: string | readonly string[]): Matcher {
    const tags = typeof language === 'string' ? [language] : language;
    const keys = [...new Set(tags.map((t) => lexiconKey(t, this.languages)).filter((k): k is string => k !== null))].sort();
    if (!keys.length) keys.push('en');
    const cacheKey = keys.join('+');
    let matcher = this.matchers.get(cacheKey);
    if (!matcher) {
      matcher = this.compile(keys);
      // Stories bring a few language sets; bound the cache all the same (oldest set out first).
      if (this.matchers.size >= MATCHER_CACHE) this.matchers.delete(this.matchers.keys().next().value!);
      this.matchers.set(cacheKey, matcher);
    }
    return matcher;
  }

  private compile(keys: string[]): Matcher {
    const matcher = new Matcher();
    for (const concept of this.file.concepts) {
      for (const lang of [INTERNATIONAL, ...keys]) {
        const prefixes = lang === INTERNATIONAL ? [] : (this.file.languages[lang]?.proclitics ?? []);
        for (const term of concept.terms[lang] ?? []) matcher.add(term, { concept: concept.id, term, language: lang }, prefixes);
      }
    }
    return matcher;
  }
}

export const SHIPPED_LEXICON = new URL('./lexicon.json', import.meta.url);

/** Reads and validates a lexicon file in the shipped format (the shipped one by default). */
export function loadLexicon(file: string | URL = SHIPPED_LEXICON): Lexicon {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    throw new LexiconError(`cannot read lexicon ${String(file)}: ${(err as Error).message}`);
  }
  const parsed = lexiconFileSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.slice(0, 10).map((i) => `  [${i.path.join('.')}] ${i.message}`);
    throw new LexiconError(`invalid lexicon ${String(file)}:\n${lines.join('\n')}`);
  }
  return new Lexicon(parsed.data);
}

let shipped: Lexicon | undefined;

/** The shipped lexicon, read once on first use. */
export function fieldLexicon(): Lexicon {
  return (shipped ??= loadLexicon());
}

/** The concepts of a text in the shipped lexicon (see `Lexicon.conceptsIn`). */
export function conceptsIn(text: string, language: string | readonly string[]): ConceptHit[] {
  return fieldLexicon().conceptsIn(text, language);
}
