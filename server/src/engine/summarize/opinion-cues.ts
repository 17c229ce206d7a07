import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { z } from 'zod';
import { foldKeep, foldStrip } from '../language/fold.js';

/**
 * The per-language cue lexicons of the fact filter, kept as data (opinion-cues/<language>.json, one file a
 * language, reviewed by hand: see docs/decisions/208-opinion-cues-in-every-language.md) and compiled here
 * into a few regular expressions per language, once, on first use.
 *
 * Cue syntax in the files: `phrase` is matched as whole words on folded text (lower case, no diacritics
 * where the language allows); `stem*` as a word start; `*ending` as a word end; `=Word` on the unfolded
 * text exactly as written, where case or an accent decides ("us" the pronoun, "US" the country).
 * Languages written without spaces (`"matching": "substring"`) match every cue as a substring.
 */
export type CueReason = 'opinion' | 'speculation' | 'marketing' | 'first-person';

const cue = z
  .string()
  .min(1)
  .refine((c) => c.trim() === c && !(c.startsWith('=') && c.includes('*')), 'no surrounding spaces; "=" and "*" do not combine');
const cues = z.array(cue).default([]);
/** Lists that only set cues aside or qualify them are matched on folded text: no `=` cues there. */
const foldedCues = z
  .array(cue.refine((c) => !c.startsWith('='), '"=" cues only in opinion, speculation, marketing, firstPerson'))
  .default([]);

export const cueFileSchema = z.strictObject({
  language: z.string().regex(/^[a-z]{2,3}$/),
  name: z.string().min(2),
  /** Other primary subtags read with this file (nb and nn for Norwegian). */
  aliases: z.array(z.string().regex(/^[a-z]{2,3}$/)).default([]),
  /** strip: compare without diacritics; keep: marks carry meaning (Indic vowel signs, Thai, Vietnamese tones, kana). */
  fold: z.enum(['strip', 'keep']),
  matching: z.enum(['words', 'substring']),
  opinion: cues,
  speculation: cues,
  marketing: cues,
  firstPerson: cues,
  /** "should", "sollte": opinion, unless the sentence names a rule, a regulator or a court (then a reported requirement). */
  normative: foldedCues,
  rules: foldedCues,
  /** "expected to open", "soll": speculation, unless the sentence carries a year (then a reported schedule). */
  scheduled: foldedCues,
  /** Phrases that contain a cue word but report a fact ("said it would", "could not be reached"): ignored. */
  reported: foldedCues,
  /** Sentence-final particles that make a question where no question mark is written (ja か, zh 吗, th ไหม). */
  questionEndings: foldedCues,
  /** English only: marketing phrases quoted verbatim in every language's trade press. */
  everywhere: foldedCues,
  /**
   * Evidence only, never a reason to drop (the sentence model weighs it, docs/decisions/223): superlatives,
   * rankings, milestones and importance ("one of the largest", "milestone", "strategic", 最大級).
   */
  significance: foldedCues,
  /**
   * Evidence only, like `significance`: words that open another event or another actor (earlier, already,
   * last year, rival, similar, the market, "bereits", "sebelumnya", 此前).
   */
  context: foldedCues,
  /** Evidence only: praise and quoted satisfaction ("pleased", "proud", "an important", "confidence", 歓迎). */
  praise: foldedCues,
  /** Evidence only: who says so ("said", "stressed", "according to", "betonte", 表示): quoted voice without quotation marks. */
  attribution: foldedCues,
  notes: z.array(z.string()).default([]),
});
export type CueFile = z.infer<typeof cueFileSchema>;

export interface CueHit {
  reason: CueReason;
  marker: string;
}

export interface CompiledCues {
  language: string;
  file: CueFile | null;
  fold: (text: string) => string;
  /** The first cue in the sentence's language (and the English phrases checked everywhere), by reason. */
  find: (text: string, folded: string) => CueHit | null;
  /**
   * Every kind of cue the sentence holds: evidence for the sentence model (sentence-model.ts). Without `vetoes`
   * the four reasons are not looked for (a sentence the filter kept has none).
   */
  signals: (text: string, folded: string, vetoes?: boolean) => CueSignals;
  questionEnding: RegExp | null;
}

/**
 * What the cue lists see in a sentence, as evidence rather than a verdict: which reasons' cues it holds (after
 * the phrases set aside, as `find` reads them), and how many cues of each evidence list.
 */
export interface CueSignals {
  opinion: boolean;
  speculation: boolean;
  marketing: boolean;
  firstPerson: boolean;
  /** How many significance cues (superlatives, milestones, importance) it holds, up to 3. */
  significance: number;
  /** How many context cues (earlier events, comparison, other actors, the market) it holds, up to 3. */
  context: number;
  /** How many praise cues it holds, up to 3. */
  praise: number;
  /** How many attribution cues it holds, up to 3. */
  attribution: number;
}

const DIR = new URL('./opinion-cues/', import.meta.url);
const REASONS: CueReason[] = ['opinion', 'speculation', 'marketing', 'first-person'];
const WORD_CHAR = '[\\p{L}\\p{M}\\p{N}]';

let files: Map<string, CueFile> | null = null;
let aliases: Map<string, string> | null = null;

/** Every shipped cue file, validated (a typo in a file fails loudly at first use, and in the tests). */
export function cueFiles(): Map<string, CueFile> {
  if (files) return files;
  const loaded = new Map<string, CueFile>();
  const names = existsSync(DIR) ? readdirSync(DIR).filter((n) => n.endsWith('.json')) : [];
  for (const name of names.sort()) {
    const language = name.slice(0, -'.json'.length);
    const parsed = cueFileSchema.safeParse(JSON.parse(readFileSync(new URL(name, DIR), 'utf8')));
    if (!parsed.success)
      throw new Error(`opinion-cues/${name}: ${parsed.error.issues.map((i) => `[${i.path.join('.')}] ${i.message}`).join('; ')}`);
    if (parsed.data.language !== language) throw new Error(`opinion-cues/${name} declares language ${parsed.data.language}`);
    loaded.set(language, parsed.data);
  }
  files = loaded;
  return files;
}

/** A tag as the files name it: primary subtag, lower case, a file's aliases resolved (nb, nn -> no). */
export function cueLanguage(tag: string): string {
  if (!aliases) {
    aliases = new Map();
    for (const [language, file] of cueFiles()) for (const alias of file.aliases) aliases.set(alias, language);
  }
  const base = tag.toLowerCase().split(/[-_]/)[0] ?? '';
  return aliases.get(base) ?? base;
}

const compiledCache = new Map<string, CompiledCues>();

export function cuesFor(tag: string): CompiledCues {
  let c = compiledCache.get(tag);
  if (!c) {
    const language = cueLanguage(tag);
    c = compiledCache.get(language) ?? compile(language);
    compiledCache.set(language, c);
    compiledCache.set(tag, c);
  }
  return c;
}

// ---------------------------------------------------------------------------------------------------------
// Folding

const ASCII = /^[\x00-\x7f]*$/;

/** The unfolded text the `=` cues are matched on: composed, apostrophes unified. */
function rawForm(text: string): string {
  return ASCII.test(text) ? text : text.normalize('NFC').replace(/[’ʼ]/g, "'");
}

// ---------------------------------------------------------------------------------------------------------
// Compiling

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

interface Pattern {
  /** The cue's text as a regular-expression source, without its boundaries. */
  core: string;
  start: string;
  end: string;
  /** The cue as written in the file, for the verdict's marker. */
  cue: string;
  raw: boolean;
}

/**
 * A cue as a regular expression. Boundaries are lookarounds on letters, marks and digits, so a cue never
 * fires inside another word ("may" in "dismay", "ma" in "mano"); a Latin cue in an unspaced language only
 * needs Latin boundaries ("world-class" before a kana particle).
 */
function patternOf(cueText: string, fold: (t: string) => string, substring: boolean): Pattern {
  const raw = cueText.startsWith('=');
  const prefix = !raw && cueText.endsWith('*');
  const suffix = !raw && cueText.startsWith('*');
  const body = raw ? rawForm(cueText.slice(1)) : fold(cueText.replace(/^\*|\*$/g, ''));
  // Hyphens may or may not be written ("peut-être" / "peut être"), spaces may be several.
  const core = escape(body).replace(/-/g, '[-\\s]?').replace(/ /g, '\\s+');
  if (substring && !/^[\p{Script=Latin}\d\s'-]+$/u.test(body)) return { core, start: '', end: '', cue: cueText, raw };
  const boundary = substring ? '[a-z0-9]' : WORD_CHAR;
  // A lone capital is a pronoun only when no capitalised word stands before it: "Phase I", "Tier I", "World War I".
  // (and not a road's name: "I-95").
  const lone = raw && /^\p{Lu}$/u.test(body);
  const start = suffix ? '' : `${lone ? '(?<!\\p{Lu}\\p{Ll}*\\s)' : ''}(?<!${boundary})`;
  const end = prefix || body.endsWith("'") ? '' : `(?!${boundary}${lone ? '|-\\p{N}' : ''})`;
  return { core, start, end, cue: cueText, raw };
}

/**
 * One regular expression for many cues. Cues that share their boundaries are grouped under one pair of
 * lookarounds, so a position is checked once for a word start and then against the cues' first letters,
 * not once per cue: the combined test runs on every sentence of every article. With `capture`, each cue is
 * a numbered group, so one `exec` also tells which cue matched (in the order of `cues`).
 */
function alternation(list: Pattern[], flags = 'u', capture = false): { re: RegExp; cues: string[] } | null {
  if (!list.length) return null;
  const byBounds = new Map<string, Pattern[]>();
  for (const p of list) {
    const key = `${p.start}\u0000${p.end}`;
    byBounds.set(key, [...(byBounds.get(key) ?? []), p]);
  }
  const cues: string[] = [];
  const parts = [...byBounds.values()].map((patterns) => {
    // Longest first, so a global replace removes "said it would" rather than stopping at a shorter cue.
    const sorted = [...patterns].sort((a, b) => b.core.length - a.core.length);
    const body = sorted.map((p) => (cues.push(p.cue), capture ? `(${p.core})` : p.core)).join('|');
    return `${sorted[0]!.start}(?:${body})${sorted[0]!.end}`;
  });
  return { re: new RegExp(parts.join('|'), flags), cues };
}

/** The cue that matched first in the text, as the verdict names it (without its syntax), or null. */
function matchedCue(alternatives: ReturnType<typeof alternation>, text: string): string | null {
  const match = alternatives?.re.exec(text);
  if (!match) return null;
  const group = match.findIndex((m, i) => i > 0 && m !== undefined);
  return (alternatives!.cues[group - 1] ?? '').replace(/^=|^\*|\*$/g, '');
}

const YEAR = /(?<![\p{Nd}])(?:19|20)\p{Nd}\p{Nd}(?![\p{Nd}])|(?<![\p{L}\p{Nd}])[qQ][1-4](?![\p{L}\p{Nd}])|令和\p{Nd}+年/u;
/** Arabic-Indic, Persian, Devanagari, Bengali and Thai digits (full-width ones are folded by NFKC/NFKD). */
const NATIVE_DIGITS = /[\u0660-\u0669\u06f0-\u06f9\u0966-\u096f\u09e6-\u09ef\u0e50-\u0e59]/g;
const DIGIT_ZEROS = [0x660, 0x6f0, 0x966, 0x9e6, 0xe50];
/** Calendars of their own: the Thai Buddhist era (2569 = 2026), the Persian solar year (1405 = 2026). */
const LOCAL_YEAR: Record<string, RegExp> = { th: /(?<!\d)25[6-9]\d(?!\d)/, fa: /(?<!\d)14[0-2]\d(?!\d)/ };

/** A year (1900-2099 in any script's digits, or a year of the language's own calendar) or a quarter (Q3). */
export function hasYear(text: string, language = ''): boolean {
  const ascii = text.replace(NATIVE_DIGITS, (d) => {
    const cp = d.codePointAt(0)!;
    return String(cp - DIGIT_ZEROS.find((zero) => cp >= zero && cp <= zero + 9)!);
  });
  return YEAR.test(ascii) || (LOCAL_YEAR[language]?.test(ascii) ?? false);
}

const EVIDENCE = ['significance', 'context', 'praise', 'attribution'] as const;
const EVIDENCE_WORD = /[\p{L}\p{M}\p{N}]+/gu;

/**
 * How many cues of each evidence list a sentence holds (up to 3 a list), counted on its folded words rather than by
 * a regular expression: these lists are read for every sentence the fact filter keeps, and word lookups cost a
 * fraction of a lookaround alternation. A cue is its folded words ("first-ever" and "l'un des plus" are "first
 * ever", "l un des plus"): one word is looked up among the sentence's words, several as a run of them, `stem*`
 * as a run's start. The lists are read in one pass over the words, each word looked up once in an index of every
 * list's cues by their first word. Languages written without spaces match each cue as a substring.
 */
function evidenceCounter(
  lists: readonly string[][],
  fold: (text: string) => string,
  substring: boolean,
): (folded: string, words: string[]) => number[] {
  // A one-word cue, by its word: the lists it is in (each once).
  const single = new Map<string, number[]>();
  const substrings = lists.map(() => [] as string[]);
  // Runs of words by their first word: a phrase's words all whole, a start's last word a prefix ("first*").
  const runs = new Map<string, Array<{ rest: string[]; prefix: boolean; id: number; list: number }>>();
  // One-word starts, by their first letters (up to three): "sustainab*" is looked up under "sus".
  const stems = new Map<string, Array<{ stem: string; id: number; list: number }>>();
  let ids = 0;
  lists.forEach((cues, list) => {
    for (const cue of cues) {
      const prefix = cue.endsWith('*');
      const parts = fold(cue.replace(/^\*|\*$/g, '')).match(EVIDENCE_WORD) ?? [];
      if (!parts.length) continue;
      if (substring) substrings[list]!.push(parts.join(''));
      else if (prefix && parts.length === 1) {
        const key = parts[0]!.slice(0, 3);
        stems.set(key, [...(stems.get(key) ?? []), { stem: parts[0]!, id: ids++, list }]);
      } else if (parts.length === 1) {
        const holding = single.get(parts[0]!) ?? [];
        if (!holding.includes(list)) single.set(parts[0]!, [...holding, list]);
      } else runs.set(parts[0]!, [...(runs.get(parts[0]!) ?? []), { rest: parts.slice(1), prefix, id: ids++, list }]);
    }
  });
  if (substring) {
    return (folded) => {
      const text = folded.replace(/\s+/g, '');
      return substrings.map((phrases) => {
        let n = 0;
        for (const c of phrases) if (text.includes(c) && ++n === 3) break;
        return n;
      });
    };
  }
  // A one-word cue counts each time it stands; a run or a start counts once, wherever it stands first.
  return (_folded, words) => {
    const counts = lists.map(() => 0);
    const seen = new Set<number>();
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      for (const list of single.get(w) ?? []) counts[list]!++;
      for (const run of runs.get(w) ?? []) {
        if (seen.has(run.id) || i + run.rest.length > words.length - 1) continue;
        const last = run.rest.length - 1;
        let ok = true;
        for (let k = 0; k <= last && ok; k++) {
          const word = words[i + 1 + k]!;
          ok = k === last && run.prefix ? word.startsWith(run.rest[k]!) : word === run.rest[k];
        }
        if (ok) {
          seen.add(run.id);
          counts[run.list]!++;
        }
      }
      for (let len = 1; len <= 3 && len <= w.length; len++)
        for (const { stem, id, list } of stems.get(w.slice(0, len)) ?? [])
          if (!seen.has(id) && w.startsWith(stem)) {
            seen.add(id);
            counts[list]!++;
          }
    }
    return counts.map((n) => Math.min(n, 3));
  };
}

function compile(language: string): CompiledCues {
  const all = cueFiles();
  const file = all.get(language) ?? null;
  const en = all.get('en');
  const fold = file?.fold === 'keep' ? foldKeep : foldStrip;
  const substring = file?.matching === 'substring';
  const pattern = (c: string) => patternOf(c, fold, substring);

  const own = (list: string[] | undefined) => (list ?? []).map(pattern);
  // Trade press everywhere quotes English marketing copy; only these unambiguous phrases are checked in every language.
  const borrowed = language === 'en' ? [] : (en?.everywhere ?? []).map(pattern);
  const byReason: Record<CueReason, Pattern[]> = {
    opinion: [...own(file?.opinion), ...own(file?.normative)],
    speculation: [...own(file?.speculation), ...own(file?.scheduled)],
    marketing: [...own(file?.marketing), ...own(language === 'en' ? file?.everywhere : []), ...borrowed],
    'first-person': own(file?.firstPerson),
  };
  const split = (list: Pattern[]) => ({
    folded: alternation(
      list.filter((p) => !p.raw),
      'u',
      true,
    ),
    raw: alternation(
      list.filter((p) => p.raw),
      'u',
      true,
    ),
  });
  const groups = REASONS.map((reason) => ({ reason, ...split(byReason[reason]) }));
  const everyFolded = alternation(REASONS.flatMap((r) => byReason[r].filter((p) => !p.raw)))?.re;
  const everyRaw = alternation(REASONS.flatMap((r) => byReason[r].filter((p) => p.raw)))?.re;
  const reported = alternation(own(file?.reported), 'gu')?.re;
  const normative = alternation(own(file?.normative), 'gu')?.re;
  const rules = alternation(own(file?.rules))?.re;
  const scheduled = alternation(own(file?.scheduled), 'gu')?.re;
  const endings = (file?.questionEndings ?? []).map((e) => escape(fold(e)));
  const evidence = evidenceCounter(
    EVIDENCE.map((key) => file?.[key] ?? []),
    fold,
    substring,
  );

  /** Each reason's first cue after the phrases set aside, in the order of REASONS; `first` stops at the first hit. */
  function hits(text: string, foldedText: string, first: boolean): Array<CueHit> {
    const raw = everyRaw ? rawForm(text) : '';
    // One combined test answers "no cue" for most sentences; only a hit is looked at reason by reason.
    if (!everyFolded?.test(foldedText) && !everyRaw?.test(raw)) return [];
    let folded = foldedText;
    if (reported) folded = folded.replace(reported, ' ');
    // A reported requirement ("the directive says operators should report PUE") or a dated schedule
    // ("soll 2027 in Betrieb gehen") is a fact: its cue is set aside before the cues are looked for.
    if (normative && rules?.test(folded)) folded = folded.replace(normative, ' ');
    if (scheduled && hasYear(foldedText, language)) folded = folded.replace(scheduled, ' ');
    const out: CueHit[] = [];
    for (const group of groups) {
      const marker = matchedCue(group.folded, folded) ?? matchedCue(group.raw, raw);
      if (marker === null) continue;
      out.push({ reason: group.reason, marker });
      if (first) break;
    }
    return out;
  }

  function find(text: string, foldedText: string): CueHit | null {
    return hits(text, foldedText, true)[0] ?? null;
  }

  function signals(text: string, foldedText: string, vetoes = true): CueSignals {
    const words = substring ? [] : (foldedText.match(EVIDENCE_WORD) ?? []);
    const [significance, context, praise, attribution] = evidence(foldedText, words) as [number, number, number, number];
    const reasons = new Set((vetoes ? hits(text, foldedText, false) : []).map((h) => h.reason));
    return {
      opinion: reasons.has('opinion'),
      speculation: reasons.has('speculation'),
      marketing: reasons.has('marketing'),
      firstPerson: reasons.has('first-person'),
      significance,
      context,
      praise,
      attribution,
    };
  }

  return {
    language,
    file,
    fold,
    find,
    signals,
    questionEnding: endings.length ? new RegExp(`(?:${endings.join('|')})[\\s。．.」』"”]*$`, 'u') : null,
  };
}
