import { INTERESTS, type Interest } from '@dcbrief/shared';
import { fieldLexicon, type Lexicon } from '../lexicon/lexicon.js';
import { FUNCTION_WORDS, identifyLanguage } from '../normalize/language.js';

export interface ClassificationReason {
  interest: Interest;
  /** What scored: a lexicon concept and the term found (`ransomware "랜섬웨어"`), or the source's category. */
  rule: string;
  where: 'title' | 'text' | 'source';
  weight: number;
  /** The lexicon concept behind the points, when there is one. */
  concept?: string;
  /** The term of the lexicon that was found, as the lexicon writes it. */
  term?: string;
}

export interface Classification {
  interest: Interest;
  /** Every interest that scored at least half of the best, best first: a digest shows the story for any of them. */
  interests: Interest[];
  scores: Record<Interest, number>;
  reasons: ClassificationReason[];
  method: 'rules' | 'rules+llm';
}

export interface ClassifiableText {
  title: string;
  text: string;
  sourceCategories: Interest[];
  /** The languages of the story's articles, when known; otherwise told from the scripts and words of the text. */
  languages?: readonly string[];
}

const TEXT_LIMIT = 6000;
/** The title states the news; the text adds its context, and a story's text is all its articles. */
const TITLE_FACTOR = 3;

/**
 * Interests from the field lexicon (lexicon/lexicon.json), in every catalog language. Each concept found
 * in the title or the text gives its interests the lexicon's points, tripled in the title (a concept
 * counts once, where it is found first); ties go to the strongest single reason; each of the source's default categories adds 1. Every point
 * carries its reason (concept, term, where), which `edition --json` shows as `interestReasons`.
 */
export function classify(input: ClassifiableText, lexicon: Lexicon = fieldLexicon()): Classification {
  const scores = Object.fromEntries(INTERESTS.map((i) => [i, 0])) as Record<Interest, number>;
  const reasons: ClassificationReason[] = [];
  const text = input.text.slice(0, TEXT_LIMIT);
  const languages = languagesOf(input.title, text, input.languages ?? [], lexicon);
  const seen = new Set<string>();
  for (const [where, part] of [
    ['title', input.title],
    ['text', text],
  ] as const) {
    for (const hit of lexicon.conceptsIn(part, languages)) {
      if (seen.has(hit.concept)) continue;
      seen.add(hit.concept);
      const concept = lexicon.concepts.get(hit.concept)!;
      for (const [interest, points] of Object.entries(concept.interests) as Array<[Interest, number]>) {
        const weight = where === 'title' ? points * TITLE_FACTOR : points;
        reasons.push(reasonFor(lexicon, interest, where, weight, hit.concept, hit.term));
      }
    }
  }
  for (const interest of new Set(input.sourceCategories))
    reasons.push({ interest, rule: 'source default category', where: 'source', weight: 1 });
  const heaviest = Object.fromEntries(INTERESTS.map((i) => [i, 0])) as Record<Interest, number>;
  for (const r of reasons) {
    scores[r.interest] += r.weight;
    heaviest[r.interest] = Math.max(heaviest[r.interest], r.weight);
  }
  // A tie goes to the interest with the strongest single reason (a PUE in the title over the words around it).
  const ranked = [...INTERESTS].sort(
    (a, b) => scores[b] - scores[a] || heaviest[b] - heaviest[a] || INTERESTS.indexOf(a) - INTERESTS.indexOf(b),
  );
  const best = ranked[0]!;
  const top = scores[best];
  const interests = top === 0 ? [best] : ranked.filter((i) => scores[i] >= Math.max(2, top / 2));
  return { interest: best, interests: interests.length ? interests : [best], scores, reasons, method: 'rules' };
}

/**
 * The reason object for a lexicon hit, one per lexicon, interest, place, weight, concept and term: stories
 * share them rather than each holding its own (with the rule's text) while an ingest pass keeps thousands of
 * stories until it stores them (docs/decisions/517). Nothing changes a reason once made (they are not frozen:
 * MikroORM writes each value of an update's JSON back in place, unchanged).
 */
function reasonFor(lexicon: Lexicon, interest: Interest, where: 'title' | 'text', weight: number, concept: string, term: string) {
  let reasons = sharedReasons.get(lexicon);
  if (!reasons) sharedReasons.set(lexicon, (reasons = new Map()));
  const key = `${interest}\0${where}\0${weight}\0${concept}\0${term}`;
  let reason = reasons.get(key);
  if (!reason) reasons.set(key, (reason = { interest, rule: `${concept} "${term}"`, where, weight, concept, term }));
  return reason;
}

const sharedReasons = new WeakMap<Lexicon, Map<string, ClassificationReason>>();

/**
 * The languages whose terms to look for. Scripts tell most languages apart cheaply (kana: Japanese, Han
 * without kana: Chinese, Hangul, Thai, Greek, Hebrew, Devanagari, Bengali; Persian letters within Arabic
 * script; Ukrainian, Serbian, Bulgarian letters within Cyrillic). Latin-script text, unless the caller
 * named the story's languages, is English when English function words say so (as normalize/language.ts
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

/** English function words make up a sixth of the words (the test of normalize/language.ts, on ASCII words). */
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

/** Languages a short text cannot reliably be told apart from (normalize/language.ts), searched together. */
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
