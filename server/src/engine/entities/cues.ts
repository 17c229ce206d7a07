import { readFileSync } from 'node:fs';
import { lexiconKey, SHIPPED_LEXICON } from '../lexicon/lexicon.js';
import { Matcher, normalizeForMatch } from '../lexicon/matcher.js';

/**
 * The cue words of entity facts (fact-cues.json): which status a sentence tells, which stage a capacity is at, which
 * dated event a date is of. Each is told by the field lexicon's concepts and by terms of its own, in the lexicon's
 * syntax and matched by its matcher, so every catalog language the lexicon covers is covered here too.
 */

export type { EntityStatus as Status, CapacityStage as Stage, EntityEventKind as EventKind } from '@dcbrief/shared';
import type { EntityStatus as Status, CapacityStage as Stage, EntityEventKind as EventKind } from '@dcbrief/shared';

interface CueSet {
  concepts?: string[];
  all?: string[];
  terms?: Record<string, string[]>;
}
interface CueFile {
  statuses: Array<CueSet & { status: Status }>;
  stages: Array<{ stage: Stage; statuses: Status[] }>;
  events: Array<CueSet & { what: EventKind }>;
}
interface LexiconJson {
  languages: Record<string, { proclitics?: string[] }>;
  concepts: Array<{ id: string; terms: Record<string, string[]> }>;
}

/** What a sentence's cue words tell: its status (the most specific), its stage, its events, each with where. */
export interface SentenceCues {
  /** Every status the sentence's words tell, the most specific first. */
  statuses: Array<{ status: Status; at: number }>;
  stage: Stage;
  events: Array<{ what: EventKind; at: number }>;
}

export class FactCues {
  private readonly matchers = new Map<string, Matcher>();
  private readonly languages: Set<string>;

  constructor(
    private readonly cues: CueFile,
    private readonly lexicon: LexiconJson,
  ) {
    this.languages = new Set(Object.keys(lexicon.languages));
  }

  read(sentence: string, language: string): SentenceCues {
    const found = new Map<string, number>();
    this.matcherFor(language).scan(normalizeForMatch(sentence), (ref, at) => {
      if (!found.has(ref.concept)) found.set(ref.concept, at);
    });
    const at = (set: CueSet, prefix: string, name: string): number | undefined => {
      if (set.all) {
        // Each entry of `all` may be alternatives ("acquisition|divestment": land bought, or land sold to the buyer).
        const places = set.all.map((c) => minOf(c.split('|').map((one) => found.get(`concept:${one}`))));
        const own = found.get(`${prefix}:${name}`);
        return places.every((p) => p !== undefined) ? Math.min(...(places as number[]), own ?? Infinity) : own;
      }
      return found.get(`${prefix}:${name}`) ?? minOf((set.concepts ?? []).map((c) => found.get(`concept:${c}`)));
    };
    const statuses: SentenceCues['statuses'] = [];
    for (const set of this.cues.statuses) {
      const where = at(set, 'status', set.status);
      if (where !== undefined) statuses.push({ status: set.status, at: where });
    }
    const stage = this.cues.stages.find((s) => s.statuses.some((st) => statuses.some((f) => f.status === st)))?.stage ?? 'announced';
    const events: SentenceCues['events'] = [];
    for (const set of this.cues.events) {
      const where = at(set, 'event', set.what);
      if (where !== undefined) events.push({ what: set.what, at: where });
    }
    return { statuses, stage, events };
  }

  private matcherFor(language: string): Matcher {
    const key = lexiconKey(language, this.languages) ?? 'en';
    let matcher = this.matchers.get(key);
    if (matcher) return matcher;
    matcher = new Matcher();
    const prefixes = this.lexicon.languages[key]?.proclitics ?? [];
    const wanted = new Set<string>();
    const addTerms = (terms: Record<string, string[]> | undefined, concept: string) => {
      for (const lang of ['*', key])
        for (const term of terms?.[lang] ?? []) matcher!.add(term, { concept, term, language: lang }, lang === '*' ? [] : prefixes);
    };
    for (const set of this.cues.statuses) {
      addTerms(set.terms, `status:${set.status}`);
      for (const c of [...(set.concepts ?? []), ...(set.all ?? []).flatMap((one) => one.split('|'))]) wanted.add(c);
    }
    for (const set of this.cues.events) {
      addTerms(set.terms, `event:${set.what}`);
      for (const c of set.concepts ?? []) wanted.add(c);
    }
    for (const concept of this.lexicon.concepts) if (wanted.has(concept.id)) addTerms(concept.terms, `concept:${concept.id}`);
    this.matchers.set(key, matcher);
    return matcher;
  }
}

function minOf(values: Array<number | undefined>): number | undefined {
  const defined = values.filter((v): v is number => v !== undefined);
  return defined.length ? Math.min(...defined) : undefined;
}

let shipped: FactCues | undefined;

/** The shipped cues (fact-cues.json and the field lexicon), read once. */
export function factCues(): FactCues {
  return (shipped ??= new FactCues(
    JSON.parse(readFileSync(new URL('./fact-cues.json', import.meta.url), 'utf8')) as CueFile,
    JSON.parse(readFileSync(SHIPPED_LEXICON, 'utf8')) as LexiconJson,
  ));
}
