import { readFileSync } from 'node:fs';
import { INTERESTS, type Interest } from '@dcbrief/shared';
import { fieldLexicon, type Lexicon } from '../lexicon/lexicon.js';
import { FUNCTION_WORDS, identifyLanguage } from '../language/identify.js';

/** Where a story names a concept: its title, its lead (the first paragraph, at most LEAD_CHARS), the rest of its text. */
export const PLACES = ['title', 'lead', 'text'] as const;
export type Place = (typeof PLACES)[number];

export interface ClassificationReason {
  interest: Interest;
  /** What scored: a lexicon concept and the term found (`ransomware "랜섬웨어"`), or the source's category. */
  rule: string;
  where: Place | 'source';
  /** The points the fitted model gives the interest for it (docs/decisions/224). */
  weight: number;
  /** The lexicon concept behind the points, when there is one. */
  concept?: string;
  /** The term of the lexicon that was found, as the lexicon writes it. */
  term?: string;
}

export interface Classification {
  interest: Interest;
  /** The interest and those nearly as likely (at least half its probability): a digest shows the story for any of them. */
  interests: Interest[];
  /** Per interest, its base plus the points of every finding for it (the model's log-odds, up to a constant). */
  scores: Record<Interest, number>;
  /** The reasons of the interests in `interests`, each finding once per interest it gives points to. */
  reasons: ClassificationReason[];
  method: 'rules' | 'rules+llm' | 'model';
}

export interface ClassifiableText {
  title: string;
  text: string;
  sourceCategories: Interest[];
  /** The languages of the story's articles, when known; otherwise told from the scripts and words of the text. */
  languages?: readonly string[];
}

/** A concept of the lexicon named in one place of a story, with the first term found there. */
export interface Finding {
  concept: string;
  term: string;
  where: Place;
}

/**
 * The interest model: points per interest for each concept of the lexicon in each place, for each of the source's
 * default categories, and a base per interest. Fitted on labelled articles by `npm run bench:fit-interests`
 * (bench/real-news/fit-interests.ts: a softmax regression whose weights are pulled towards the lexicon's own
 * points) and written to interest-model.json beside this file; every point is at least 0, so each reason adds.
 */
export interface InterestModel {
  /** Each interest's points before any evidence (how common it is). */
  base: Record<Interest, number>;
  /** Points per lexicon point of a concept the model has no weights for (one added to the lexicon since the fit). */
  fallback: Record<Place, number>;
  /** Per concept, per place, the points each interest gets. */
  concepts: Record<string, Partial<Record<Place, Partial<Record<Interest, number>>>>>;
  /** Per default category of the story's sources, the points each interest gets. */
  sources: Partial<Record<Interest, Partial<Record<Interest, number>>>>;
  /** What the fit saw and reached, for the record. */
  fitted?: Record<string, unknown>;
}

export const INTEREST_MODEL_FILE = new URL('./interest-model.json', import.meta.url);

let shippedModel: InterestModel | undefined;

/** The shipped model (interest-model.json), read once. */
export function interestModel(): InterestModel {
  return (shippedModel ??= JSON.parse(readFileSync(INTEREST_MODEL_FILE, 'utf8')) as InterestModel);
}

const TEXT_LIMIT = 6000;
/** The lead: the first paragraph of the story's text (its lead article's), cut at this many characters. */
const LEAD_CHARS = 400;

/**
 * The concepts of the lexicon a story names, each once per place (title, lead, the rest of the text), in the
 * languages of the story. The model's features: bench/real-news/fit-interests.ts reads stories through this too.
 */
export function findingsOf(input: Pick<ClassifiableText, 'title' | 'text' | 'languages'>, lexicon: Lexicon = fieldLexicon()): Finding[] {
  const text = input.text.slice(0, TEXT_LIMIT);
  const languages = languagesOf(input.title, text, input.languages ?? [], lexicon);
  const paragraph = text.search(/\n/);
  const leadEnd = Math.min(paragraph < 0 ? text.length : paragraph, LEAD_CHARS);
  const findings: Finding[] = [];
  for (const [where, part] of [
    ['title', input.title],
    ['lead', text.slice(0, leadEnd)],
    ['text', text.slice(leadEnd)],
  ] as const)
    for (const hit of lexicon.conceptsIn(part, languages)) findings.push({ concept: hit.concept, term: hit.term, where });
  return findings;
}

/**
 * The story's interest, from what the lexicon finds in it (lexicon/lexicon.json, every catalog language) weighed
 * by the fitted model (interest-model.json, docs/decisions/224), and the source's default categories. Each
 * concept found gives each interest the model's points for that concept in that place (title, lead, text); each
 * default category of the story's sources adds its points; the interest with the most points wins (the model's
 * most likely one). Every point carries its reason (concept, term, where), which `edition --json` shows as
 * `interestReasons`.
 */
export function classify(
  input: ClassifiableText,
  lexicon: Lexicon = fieldLexicon(),
  model: InterestModel = interestModel(),
): Classification {
  const scores = { ...zeroes(), ...model.base };
  const reasons: ClassificationReason[] = [];
  for (const f of findingsOf(input, lexicon)) {
    for (const [interest, weight] of Object.entries(pointsOf(f, lexicon, model)) as Array<[Interest, number]>)
      if (weight > 0) reasons.push(reasonFor(lexicon, interest, f.where, weight, f.concept, f.term));
  }
  for (const category of new Set(input.sourceCategories))
    for (const [interest, weight] of Object.entries(model.sources[category] ?? {}) as Array<[Interest, number]>)
      if (weight > 0) reasons.push(sourceReason(category, interest, weight));
  for (const r of reasons) scores[r.interest] += r.weight;
  for (const i of INTERESTS) scores[i] = Math.round(scores[i] * 1000) / 1000;
  const ranked = [...INTERESTS].sort((a, b) => scores[b] - scores[a] || INTERESTS.indexOf(a) - INTERESTS.indexOf(b));
  const best = ranked[0]!;
  // Nearly as likely: at least half the best's probability, and a reason of its own.
  const interests = ranked.filter((i) => i === best || (scores[i] >= scores[best] - Math.LN2 && reasons.some((r) => r.interest === i)));
  // The reasons of the interests the story is filed under: what a reader is shown, and all a stored story keeps.
  const filed = new Set(interests);
  return { interest: best, interests, scores, reasons: reasons.filter((r) => filed.has(r.interest)), method: 'model' };
}

/** The model's points for a finding, or the lexicon's points times the place's fallback for a concept it does not know. */
function pointsOf(f: Finding, lexicon: Lexicon, model: InterestModel): Partial<Record<Interest, number>> {
  const known = model.concepts[f.concept];
  if (known) return known[f.where] ?? {};
  const points = lexicon.concepts.get(f.concept)?.interests ?? {};
  return Object.fromEntries(Object.entries(points).map(([i, p]) => [i, Math.round(p * model.fallback[f.where] * 100) / 100]));
}

function zeroes(): Record<Interest, number> {
  return Object.fromEntries(INTERESTS.map((i) => [i, 0])) as Record<Interest, number>;
}

/**
 * The reason object for a lexicon hit, one per lexicon, interest, place, weight, concept and term: stories
 * share them rather than each holding its own (with the rule's text) while an ingest pass keeps thousands of
 * stories until it stores them (docs/decisions/517). Nothing changes a reason once made (they are not frozen:
 * MikroORM writes each value of an update's JSON back in place, unchanged).
 */
function reasonFor(lexicon: Lexicon, interest: Interest, where: Place, weight: number, concept: string, term: string) {
  let reasons = sharedReasons.get(lexicon);
  if (!reasons) sharedReasons.set(lexicon, (reasons = new Map()));
  const key = `${interest}\0${where}\0${weight}\0${concept}\0${term}`;
  let reason = reasons.get(key);
  if (!reason) reasons.set(key, (reason = { interest, rule: `${concept} "${term}"`, where, weight, concept, term }));
  return reason;
}

const sharedReasons = new WeakMap<Lexicon, Map<string, ClassificationReason>>();

const sourceReasons = new Map<string, ClassificationReason>();
function sourceReason(category: Interest, interest: Interest, weight: number): ClassificationReason {
  const key = `${category}\0${interest}\0${weight}`;
  let reason = sourceReasons.get(key);
  if (!reason) sourceReasons.set(key, (reason = { interest, rule: `source default category ${category}`, where: 'source', weight }));
  return reason;
}
/**
 * The languages whose terms to look for. Scripts tell most languages apart cheaply (kana: Japanese, Han
 * without kana: Chinese, Hangul, Thai, Greek, Hebrew, Devanagari, Bengali; Persian letters within Arabic
 * script; Ukrainian, Serbian, Bulgarian letters within Cyrillic). Latin-script text, unless the caller
 * named the story's languages, is English when English function words say so (as language/identify.ts
 * confirms a feed's language, on plain ASCII words: cheap enough to run on every story); otherwise both the identifier's guess and the lexicon's own vote are kept (the
 * Latin-script languages whose terms name the most concepts), because on a headline and a lead the
 * identifier alone is often wrong: it takes "Nytt datacenter byggs i Borlänge" for English and a Catalan
 * headline for Italian. Languages too close to tell apart on short texts are searched together.
 */
export function languagesOf(title: string, text: string, declared: readonly string[], lexicon: Lexicon): string[] {
  const sample = `${title}\n${text.slice(0, 800)}`;
  const found = new Set(declared);
  for (const [script, language] of SCRIPTS) if (script.test(sample)) found.add(language(sample));
  const declaresLatin = declared.some((l) => !NON_LATIN.has(l.toLowerCase().split(/[-_]/)[0]!));
  if (declaresLatin || !LATIN.test(sample)) return [...found];
  if (readsAsEnglish(sample)) return [...found, 'en'];
  const identified = identifyLanguage(sample, 'en');
  const latin = new Set(lexicon.languagesByTerms(sample, latinLanguages(lexicon)));
  if (identified.detected || !latin.size) latin.add(identified.language);
  for (const language of latin) for (const close of [language, ...(CLOSE[language] ?? [])]) found.add(close);
  return [...found];
}

const ENGLISH = FUNCTION_WORDS.en!;

/** English function words make up a sixth of the words (the test of language/identify.ts, on ASCII words). */
function readsAsEnglish(sample: string): boolean {
  const words = sample
    .slice(0, 600)
    .toLowerCase()
    .split(/[^a-z]+/);
  let hits = 0;
  let count = 0;
  for (const w of words) {
    if (!w) continue;
    count++;
    if (ENGLISH.has(w)) hits++;
  }
  return count >= 12 && hits >= 3 && hits * 6 >= count;
}

const latinCache = new WeakMap<Lexicon, string[]>();
function latinLanguages(lexicon: Lexicon): string[] {
  let latin = latinCache.get(lexicon);
  if (!latin) latinCache.set(lexicon, (latin = [...lexicon.languages].filter((l) => !NON_LATIN.has(l))));
  return latin;
}

/** Languages a short text cannot reliably be told apart from (language/identify.ts), searched together. */
const CLOSE: Record<string, string[]> = {
  hr: ['sr', 'sl'],
  sr: ['hr', 'sl'],
  sl: ['hr', 'sr'],
  cs: ['sk'],
  sk: ['cs'],
  da: ['nb', 'sv'],
  nb: ['da', 'sv'],
  no: ['da', 'sv'],
  sv: ['da', 'nb'],
  es: ['ca'],
  ca: ['es'],
  id: ['ms'],
  ms: ['id'],
};

const LATIN = /\p{Script=Latin}{3}/u;
const KANA = /[\p{Script=Hiragana}\p{Script=Katakana}]/u;
const SCRIPTS: Array<[RegExp, (sample: string) => string]> = [
  [KANA, () => 'ja'],
  [/\p{Script=Han}/u, (s) => (KANA.test(s) ? 'ja' : 'zh')],
  [/\p{Script=Hangul}/u, () => 'ko'],
  [/\p{Script=Thai}/u, () => 'th'],
  [/\p{Script=Greek}/u, () => 'el'],
  [/\p{Script=Hebrew}/u, () => 'he'],
  [/\p{Script=Devanagari}/u, () => 'hi'],
  [/\p{Script=Bengali}/u, () => 'bn'],
  [/\p{Script=Arabic}/u, (s) => (/[پچژگکی]/u.test(s) ? 'fa' : 'ar')],
  [/\p{Script=Cyrillic}/u, cyrillicLanguage],
];
const NON_LATIN = new Set(['ja', 'zh', 'ko', 'th', 'el', 'he', 'hi', 'bn', 'ar', 'fa', 'ru', 'uk', 'bg', 'sr']);

function cyrillicLanguage(sample: string): string {
  if (/[іїєґ]/iu.test(sample)) return 'uk';
  if (/[ђћџљњј]/iu.test(sample)) return 'sr';
  if (/[ыэ]/iu.test(sample)) return 'ru';
  if (/ъ/iu.test(sample)) return 'bg';
  return 'ru';
}
