import { readFileSync } from 'node:fs';
import { extractAnchors } from '../language/anchors.js';
import { extractNames } from '../language/names.js';
import { fold } from '../language/fold.js';
import { baseLanguage } from '../language/base-language.js';
import { FUNCTION_WORDS } from '../language/identify.js';
import { readSentence } from './fact-lexicon.js';
import { figuresIn } from './key-figures.js';
import { cuesFor } from './opinion-cues.js';
import { splitSentences } from './sentences.js';

/**
 * Whether a sentence that passed the fact filter is a fact of its story (docs/decisions/223): two logistic
 * models, one for opinion (evaluation, significance, forecast, quoted opinion) and one for background
 * (another actor's or another event's facts), over evidence that holds in every language (where the sentence
 * stands, its figures, names and years against the story's headlines and other articles, the cue lists'
 * signals) plus the sentence's words hashed into buckets (which help where the dev half has the language).
 * The weights are data (sentence-model.json), fitted on the real-news dev half by `npm run bench:fit-sentences`
 * (bench/real-news/fit-sentences.ts); this file computes the evidence and applies them.
 */
export const SENTENCE_FEATURES = [
  /** First sentence of the article's body. */
  'lead',
  /** Position among the body's sentences, 0 to 1 over the first 12. */
  'position',
  /** log(1 + words), characters / 2 in scripts without spaces. */
  'length',
  'figures',
  'hasDigit',
  /** Names (organisations, places, acronyms) it states, capped at 4. */
  'names',
  /** Of its names, the share its article's headline names. */
  'namesInHeadline',
  /** Of its names, the share another article of the story names (headline or text). */
  'namesInStory',
  /** Names neither the headline, the article's first two sentences nor another article of the story names (capped at 3). */
  'newNames',
  /** Of its names, the share of those new ones. */
  'newNameShare',
  /** Its first name (most often its subject) is one of those new ones. */
  'firstNameNew',
  /** log(1 + other articles in the story). */
  'otherArticles',
  /** Of its figures, the share another article of the story states (its anchors). */
  'figuresInStory',
  /** Figures stated nowhere else in the story (capped at 3). */
  'newFigures',
  /** Of its content words, the share in its headline. */
  'wordsInHeadline',
  /** Of its content words, the share in the other articles of the story. */
  'wordsInStory',
  /** A year before the article's publication year. */
  'pastYear',
  /** log(1 + years between the earliest year named and the publication year), 0 when none is earlier. */
  'yearsBack',
  /** The publication year. */
  'currentYear',
  /** A year after it. */
  'futureYear',
  /** Events of the lexicon it reports (open, invest, acquire, ...), capped at 3. */
  'events',
  'cueOpinion',
  'cueSpeculation',
  'cueMarketing',
  'cueFirstPerson',
  /** Significance cues of its language (superlatives, milestones, importance), up to 3. */
  'cueSignificance',
  /** Context cues of its language (earlier, already, rival, similar, the market), up to 3. */
  'cueContext',
  /** Praise cues (pleased, proud, important, confidence), up to 3. */
  'cuePraise',
  /** Attribution cues (said, stressed, according to), up to 3. */
  'cueAttribution',
  /** An attribution cue and no digit: a quoted view rather than a quoted figure. */
  'attributedView',
  /** A quotation mark of any script. */
  'quoteMark',
  /** A colon (a heading, a list, a quote introduced). */
  'colon',
  'parenthesis',
  /** Written in a script without case: names are read from the gazetteer only. */
  'caseless',
] as const;

export interface SentenceModelTarget {
  mean: number[];
  scale: number[];
  weights: number[];
  bias: number;
  /** Word-bucket weights, by bucket (only those not near zero). */
  hashed: Record<string, number>;
  /** Probability from which the sentence is not a fact of the story. */
  threshold: number;
}

export interface SentenceModel {
  features: readonly string[];
  buckets: number;
  opinion: SentenceModelTarget;
  background: SentenceModelTarget;
  /** What the fit saw and reached: for the record (docs/decisions/223). */
  fitted?: Record<string, unknown>;
}

export const SENTENCE_MODEL_FILE = new URL('./sentence-model.json', import.meta.url);

let shipped: SentenceModel | null = null;

export function sentenceModel(): SentenceModel {
  if (!shipped) {
    shipped = JSON.parse(readFileSync(SENTENCE_MODEL_FILE, 'utf8')) as SentenceModel;
    if (shipped.features.join() !== SENTENCE_FEATURES.join())
      throw new Error('sentence-model.json was fitted on other features: run npm run bench:fit-sentences');
  }
  return shipped;
}

/** An article of a story, as the sentence model reads it. */
export interface ModelArticle {
  title: string;
  text: string;
  language: string;
  publishedAt?: Date;
  /** The quantity keys of its anchors (`extractAnchors` of its title and text), when already found. */
  quantityKeys?: string[];
}

/** A sentence of an article as the summarizer reads it, with its names (maybe-names included). */
export interface ReadSentence {
  text: string;
  /** Names of the anchors (`extractEntities`). */
  entities: Set<string>;
  /** Those and the capitalised nouns of languages that capitalise every noun (German), which may be names. */
  names: Set<string>;
  /** Its content words (`contentWords`). */
  words: Set<string>;
}

/** What a story's articles state, to tell a sentence about the story from one about something else. */
export interface StoryProfile {
  articles: Array<{
    language: string;
    year: number | null;
    /** The sentences the summarizer reads: the first 12 of the first 4,000 characters. */
    sentences: ReadSentence[];
    titleNames: Set<string>;
    /** Names of the first two sentences of the body. */
    leadNames: Set<string>;
    titleWords: Set<string>;
    names: Set<string>;
    figures: Set<string>;
    words: Set<string>;
  }>;
  /** How many articles state each name, figure and content word. */
  nameCount: Map<string, number>;
  figureCount: Map<string, number>;
  wordCount: Map<string, number>;
}

/** Sentences of an article the summarizer reads: the facts of a news story are in its first paragraphs. */
export const SENTENCES_READ = 12;
export const CHARACTERS_READ = 4000;

const NO_SPACES = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const CASELESS =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Devanagari}\p{Script=Bengali}]/u;
const WORD = /[\p{L}\p{N}]+/gu;

/** A sentence read: its names and content words. */
export function readSentenceOf(text: string, language: string): ReadSentence {
  const { names, maybeNames } = extractNames(text, language);
  return {
    text,
    entities: names,
    names: maybeNames.size ? new Set([...names, ...maybeNames]) : names,
    words: contentWords(text, language),
  };
}

/** Folded words of four letters or more that are not function words; character pairs in scripts without spaces. */
export function contentWords(text: string, language: string): Set<string> {
  const folded = fold(text);
  const out = new Set<string>();
  if (NO_SPACES.test(folded)) {
    const chars = [...folded.replace(/[\s\p{P}\p{S}]+/gu, '')];
    for (let i = 0; i + 1 < chars.length; i++) if (NO_SPACES.test(chars[i]!)) out.add(chars[i]! + chars[i + 1]!);
    return out;
  }
  const functionWords = FUNCTION_WORDS[baseLanguage(language)];
  for (const w of folded.match(WORD) ?? []) if (w.length >= 4 && !/^\d+$/.test(w) && !functionWords?.has(w)) out.add(w);
  return out;
}

function count(map: Map<string, number>, keys: Iterable<string>): void {
  for (const k of keys) map.set(k, (map.get(k) ?? 0) + 1);
}

/** The profile of a story's articles: headline and the sentences the summarizer reads of each. */
export function storyProfile(articles: ModelArticle[]): StoryProfile {
  const profile: StoryProfile = { articles: [], nameCount: new Map(), figureCount: new Map(), wordCount: new Map() };
  for (const a of articles) {
    const sentences = splitSentences(a.text.slice(0, CHARACTERS_READ), a.language)
      .slice(0, SENTENCES_READ)
      .map((text) => readSentenceOf(text, a.language));
    const title = readSentenceOf(a.title, a.language);
    const names = new Set([...title.names, ...sentences.flatMap((s) => [...s.names])]);
    // The article's anchors (found at intake) hold its figures: no second scan of its text.
    const figures = new Set(a.quantityKeys ?? extractAnchors(`${a.title}\n${a.text}`.slice(0, 20_000), a.language).quantities);
    const titleWords = title.words;
    const words = new Set([...titleWords, ...sentences.flatMap((s) => [...s.words])]);
    profile.articles.push({
      language: a.language,
      year: a.publishedAt ? a.publishedAt.getUTCFullYear() : null,
      sentences,
      titleNames: title.names,
      leadNames: new Set(sentences.slice(0, 2).flatMap((s) => [...s.names])),
      titleWords,
      names,
      figures,
      words,
    });
    count(profile.nameCount, names);
    count(profile.figureCount, figures);
    count(profile.wordCount, words);
  }
  return profile;
}

/** What the summarizer already read of a sentence, to spare reading it twice. */
export interface KnownReading {
  figureKeys?: Set<string>;
  events?: Set<string>;
  /** The fact filter kept it (`judgeSentence`): it holds no opinion, speculation, marketing or first-person cue. */
  kept?: boolean;
}

/** The evidence of one sentence: the language-independent features in SENTENCE_FEATURES order, and its word buckets. */
export interface SentenceEvidence {
  dense: number[];
  words: string[];
}

const NATIVE_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0e50-\u0e59\uff10-\uff19]/g;
const DIGIT_ZEROS = [0x660, 0x6f0, 0x966, 0x9e6, 0xe50, 0xff10];
const YEAR = /(?<!\d)(19\d\d|20\d\d)(?!\d)/g;
const QUOTE = /["“”„«»‹›「」『』〝〞〟＂]/u;

function asciiDigits(text: string): string {
  return text.replace(NATIVE_DIGITS, (d) => {
    const cp = d.codePointAt(0)!;
    return String(cp - DIGIT_ZEROS.find((zero) => cp >= zero && cp <= zero + 9)!);
  });
}

/** Years named (1900-2099, any digits; the Thai Buddhist era read as such). */
function yearsIn(text: string, language: string): number[] {
  const ascii = asciiDigits(text);
  const years = [...ascii.matchAll(YEAR)].map((m) => Number(m[1]));
  if (baseLanguage(language) === 'th') for (const m of ascii.matchAll(/(?<!\d)(25[5-9]\d)(?!\d)/g)) years.push(Number(m[1]) - 543);
  return years;
}

const share = (part: number, whole: number) => (whole ? part / whole : 0);

/**
 * The evidence that sentence `position` of article `index` of a story is a fact of the story: how it reads
 * (length, figures, names, cue signals, quotes) and how it relates to the story (names, figures and words
 * the headline and the other articles state, years before the article's own).
 */
export function sentenceEvidence(
  read: ReadSentence | string,
  position: number,
  index: number,
  story: StoryProfile,
  known: KnownReading = {},
): SentenceEvidence {
  const article = story.articles[index]!;
  const language = article.language;
  const { text: sentence, names, words } = typeof read === 'string' ? readSentenceOf(read, language) : read;
  const folded = fold(sentence);
  const tokens = folded.match(WORD) ?? [];
  const unspaced = NO_SPACES.test(folded);
  const units = unspaced ? [...sentence.replace(/\s+/g, '')].length / 2 : tokens.length;
  const figureKeys = known.figureKeys ?? new Set(figuresIn(sentence, language).map((f) => f.key));
  const events = known.events ?? readSentence(tokens, folded).events;
  const others = story.articles.length - 1;
  const elsewhere = (counts: Map<string, number>, own: Set<string>, key: string) => (counts.get(key) ?? 0) - (own.has(key) ? 1 : 0) > 0;
  let inHeadline = 0;
  let inStory = 0;
  let fresh = 0;
  let firstNew = 0;
  let first = true;
  for (const n of names) {
    const headline = article.titleNames.has(n);
    const story_ = elsewhere(story.nameCount, article.names, n);
    if (headline) inHeadline++;
    if (story_) inStory++;
    const isNew = !headline && !story_ && !(position > 1 && article.leadNames.has(n));
    if (isNew) fresh++;
    if (isNew && first) firstNew = 1;
    first = false;
  }
  let figuresKnown = 0;
  for (const k of figureKeys) if (elsewhere(story.figureCount, article.figures, k)) figuresKnown++;
  let wordsHeadline = 0;
  let wordsStory = 0;
  for (const w of words) {
    if (article.titleWords.has(w)) wordsHeadline++;
    if (elsewhere(story.wordCount, article.words, w)) wordsStory++;
  }
  const years = yearsIn(sentence, language);
  const year = article.year;
  const earliest = years.length ? Math.min(...years) : null;
  const cues = cuesFor(language);
  // A sentence the fact filter kept holds no cue of the four reasons: they are not looked for again.
  const signals = cues.signals(sentence, cues.fold(sentence), !known.kept);
  const dense = [
    position === 0 ? 1 : 0,
    Math.min(position, 12) / 12,
    Math.log1p(units),
    Math.min(figureKeys.size, 3),
    /\p{Nd}/u.test(sentence) ? 1 : 0,
    Math.min(names.size, 4),
    share(inHeadline, names.size),
    share(inStory, names.size),
    Math.min(fresh, 3),
    share(fresh, names.size),
    firstNew,
    Math.log1p(others),
    share(figuresKnown, figureKeys.size),
    Math.min(figureKeys.size - figuresKnown, 3),
    share(wordsHeadline, words.size),
    others ? share(wordsStory, words.size) : 0,
    year !== null && earliest !== null && earliest < year ? 1 : 0,
    year !== null && earliest !== null && earliest < year ? Math.log1p(year - earliest) : 0,
    year !== null && years.includes(year) ? 1 : 0,
    year !== null && years.some((y) => y > year) ? 1 : 0,
    Math.min(events.size, 3),
    Number(signals.opinion),
    Number(signals.speculation),
    Number(signals.marketing),
    Number(signals.firstPerson),
    signals.significance,
    signals.context,
    signals.praise,
    signals.attribution,
    signals.attribution && !/\p{Nd}/u.test(sentence) ? 1 : 0,
    QUOTE.test(sentence) ? 1 : 0,
    /[:：]/u.test(sentence) ? 1 : 0,
    /[(（]/u.test(sentence) ? 1 : 0,
    CASELESS.test(sentence) && !/\p{Lu}/u.test(sentence) ? 1 : 0,
  ];
  return { dense, words: wordFeatures(folded, tokens, unspaced) };
}

/**
 * The words a sentence is hashed by: each folded word, the first word marked as such (connectives open
 * background: "meanwhile", "bereits", "sebelumnya"), and character pairs in scripts without spaces.
 */
function wordFeatures(folded: string, tokens: string[], unspaced: boolean): string[] {
  const out = new Set<string>();
  const first = tokens.find((t) => !/^\d+$/.test(t));
  if (first) out.add(`^${first}`);
  for (const t of tokens) out.add(/^\d+$/.test(t) ? '#' : t);
  if (unspaced) {
    const chars = [...folded.replace(/[\s\p{P}\p{S}\d]+/gu, '')];
    for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  }
  return [...out];
}

/** FNV-1a, 32 bits: a word's bucket. */
export function bucketOf(word: string, buckets: number): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < word.length; i++) {
    h ^= word.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) % buckets;
}

/** The probability the target (opinion, or background) gives the evidence. */
export function targetProbability(evidence: SentenceEvidence, target: SentenceModelTarget, buckets: number): number {
  let z = target.bias;
  for (let i = 0; i < target.weights.length; i++) z += target.weights[i]! * ((evidence.dense[i]! - target.mean[i]!) / target.scale[i]!);
  const norm = 1 / Math.sqrt(Math.max(1, evidence.words.length));
  for (const w of evidence.words) z += (target.hashed[bucketOf(w, buckets)] ?? 0) * norm;
  return 1 / (1 + Math.exp(-z));
}

export interface SentenceJudgement {
  opinion: number;
  background: number;
  /** A probability at or over its threshold: not a fact of this story. */
  notFact: 'opinion' | 'background' | null;
  /** The larger of the two probabilities over its threshold: above 1 is out, the smaller the surer a fact. */
  doubt: number;
}

/** The model's judgement of a sentence (sentence `position` of article `index` of a story). */
export function judgeInStory(
  sentence: ReadSentence | string,
  position: number,
  index: number,
  story: StoryProfile,
  known: KnownReading = {},
  model: SentenceModel = sentenceModel(),
): SentenceJudgement {
  const evidence = sentenceEvidence(sentence, position, index, story, known);
  const opinion = targetProbability(evidence, model.opinion, model.buckets);
  const background = targetProbability(evidence, model.background, model.buckets);
  const o = opinion / model.opinion.threshold;
  const b = background / model.background.threshold;
  return { opinion, background, notFact: o >= 1 || b >= 1 ? (o >= b ? 'opinion' : 'background') : null, doubt: Math.max(o, b) };
}
