import { readFileSync } from 'node:fs';
import { extractDateKeys } from '../language/dates.js';
import { relativeDates } from '../language/relative-dates.js';
import { foldLetters } from '../language/fold.js';
import { findQuantities } from '../language/quantities.js';
import { factCues, type EventKind, type Stage, type Status } from './cues.js';
import { findNames, siteCodeSeries, type Found, type FoundEntity } from './found.js';
import { countryOfLanguage, EntityIndex, type Mention } from './recognize.js';

/**
 * One article read for entities: the entities it names (title and sentences), the ones it is about (the actors of
 * its title, else of its lead, then what else its title names or its sentences keep naming), and the facts its sentences state, each attached to the entity the sentence states
 * it for: the site the sentence names, else the company named nearest the figure or cue, else the article's actor.
 */

export interface ArticleInput {
  title: string;
  /** The body's sentences, in order (the caller's splitter: the engine's, or the labelled sets' own). */
  sentences: readonly string[];
  language: string;
  publishedAt: Date;
  /** The outlet's country (ISO 3166-1 alpha-2), when the catalog gives one: a Belgian outlet need not name Belgium. */
  country?: string;
}

export type EntityFactValue =
  | { type: 'capacity'; mw: number; stage: Stage }
  | { type: 'investment'; amount: number; currency: string; usd: number | null }
  | { type: 'status'; status: Status }
  | { type: 'event-date'; what: EventKind; date: string };

export type ExtractedFact = EntityFactValue & {
  entity: string;
  /** The sentence that states it, trimmed. */
  sentence: string;
};

export interface ArticleEntities {
  /** Ids named anywhere in the title or the sentences, each once, in order of first mention. */
  entities: string[];
  /** Its actors first (the holder of a fact no sentence gives another), then the other entities its title names, then those its sentences keep naming. */
  about: string[];
  facts: ExtractedFact[];
  /** The entities among `entities` the index does not hold, found by their legal form or cue (found.ts). */
  found: FoundEntity[];
}

/** Sentences after the title read as its lead (for `about`). */
const LEAD = 1;
/** An entity named in this many of the body's sentences is one the article is about (dev: 3 loses precision). */
const SALIENT_SENTENCES = 4;

export function extractArticle(index: EntityIndex, article: ArticleInput): ArticleEntities {
  const { title, sentences, language, publishedAt, country } = article;
  const { rawTitle, rawBody, found } = withFoundNames(
    index,
    title,
    sentences,
    language,
    index.allMentions(title, language, true),
    sentences.map((s) => index.allMentions(s, language)),
    country ?? countryOfLanguage(language),
  );
  // A doubtful mention (Switch opening a sentence) stands when the article names the entity surely elsewhere.
  const sure = new Set([...rawTitle, ...rawBody.flat()].filter((m) => m.sure).map((m) => m.id));
  // A shipped town named once, of a country the article does not name, is a word or a surname ("consejero de Fomento",
  // "Parc de l'Alba", "das Areal"): the article's countries are its language's, its outlet's and those of its other
  // entities (places, and companies' home countries: Redmond beside Microsoft). Not by the town's country's language:
  // a Spanish article would then keep every Latin American town named like a Spanish word.
  const others = [...rawTitle, ...rawBody.flat()].filter((m) => !index.shippedTown(m.id));
  const countries = new Set([countryOfLanguage(language), country, ...others.map((m) => index.countryOf(m.id))]);
  const times = new Map<string, number>();
  for (const m of [...rawTitle, ...rawBody.flat()]) times.set(m.id, (times.get(m.id) ?? 0) + 1);
  const abroad = (m: Mention) => index.townAbroad(m.id, times.get(m.id)!, countries);
  const kept = (mentions: Mention[]) => mentions.filter((m) => (m.sure || sure.has(m.id)) && !abroad(m));
  const titleMentions = kept(rawTitle);
  const bodyMentions = rawBody.map(kept);
  const entities = [...new Set([...titleMentions, ...bodyMentions.flat()].map((m) => m.id))];
  const actors = (mentions: Mention[]) => [...new Set(mentions.filter((m) => m.kind !== 'place').map((m) => m.id))];
  let actorsOf = actors(titleMentions);
  if (!actorsOf.length) actorsOf = actors(bodyMentions.slice(0, LEAD).flat());
  if (!actorsOf.length) actorsOf = [...new Set(titleMentions.map((m) => m.id))];
  // What the article is about: its actors first, then every other entity its title names (the place, the partner),
  // then those its sentences keep naming. The lead's others too lose more precision than they gain (dev: about
  // P / R 0.84 / 0.43 with the title's, 0.74 / 0.53 with the lead's as well; 0.84 / 0.46 with the often named).
  const sentencesNaming = new Map<string, number>();
  for (const list of bodyMentions)
    for (const id of new Set(list.map((m) => m.id))) sentencesNaming.set(id, (sentencesNaming.get(id) ?? 0) + 1);
  const salient = [...sentencesNaming].filter(([, n]) => n >= SALIENT_SENTENCES).map(([id]) => id);
  // Where it happens: the title's place, else the lead's first one (dev: about P / R 0.84 / 0.46 -> 0.82 / 0.48;
  // the lead's places whatever the title names, 0.76 / 0.51).
  const leadPlaces = bodyMentions
    .slice(0, LEAD)
    .flat()
    .filter((m) => m.kind === 'place');
  const where = titleMentions.some((m) => m.kind === 'place') ? [] : leadPlaces.slice(0, 1).map((m) => m.id);
  const about = [...new Set([...actorsOf, ...titleMentions.map((m) => m.id), ...where, ...salient])];
  const facts: ExtractedFact[] = [];
  // Government bodies named in the article (a ministry, a board of investment, a council): they approve, announce
  // and fund the projects of others.
  const governments = new Set(entities.filter((id) => (index.entity(id) ?? found.find((f) => f.id === id))?.role === 'government'));
  // The holder of a fact no sentence gives another: the article's actor, and when its title and lead name only places,
  // the company its sentences name most (an operator is named, the place only hosts: Data4 in "Rechenzentrum in Hanau").
  const kindOf = (id: string) => (index.entity(id) ?? found.find((f) => f.id === id))?.kind;
  const companies = [...sentencesNaming].filter(([id]) => kindOf(id) === 'company' && !governments.has(id)).sort((a, b) => b[1] - a[1]);
  const factActor = actorsOf[0] && kindOf(actorsOf[0]) === 'place' ? (companies[0]?.[0] ?? actorsOf[0]) : actorsOf[0];
  const all = [{ text: title, mentions: titleMentions }, ...sentences.map((text, i) => ({ text, mentions: bodyMentions[i]! }))];
  all.forEach(({ text, mentions }, i) => {
    // A sentence that names no entity and states no figure tells a fact of the article's actor only in its title or lead.
    const figures = FIGURE.test(text);
    if (!mentions.length && !figures && i > LEAD) return;
    facts.push(...sentenceFacts(text.trim(), mentions, language, publishedAt, factActor, figures, governments));
  });
  const foundIds = new Set(entities);
  return { entities, about, facts: dedupe(facts), found: found.filter((f) => foundIds.has(f.id)) };
}

/**
 * The article's mentions with the names the index does not hold (found.ts): each found name where it was found, and
 * met again wherever the article writes it or its short form ("CMC Corporation", then "CMC").
 */
function withFoundNames(
  index: EntityIndex,
  title: string,
  sentences: readonly string[],
  language: string,
  rawTitle: Mention[],
  rawBody: Mention[][],
  home: string | undefined,
): { rawTitle: Mention[]; rawBody: Mention[][]; found: FoundEntity[] } {
  const byId = new Map<string, FoundEntity>();
  // Words the article writes in lower case: a capitalised one of them opens no name ("Massive Data Center").
  const lower = new Set<string>();
  for (const text of [title, ...sentences]) for (const m of text.matchAll(LOWER_WORD)) lower.add(foldLetters(m[0]));
  // The one country the article names (surely), whose government "the government" is; when it names none, the
  // outlet's (else the language's): a domestic report need not name its country ("Pemerintah", "regeringen").
  const countries = new Set(
    [...rawTitle, ...rawBody.flat()].filter((m) => m.sure && index.entity(m.id)?.level === 'country').map((m) => m.id),
  );
  const only =
    countries.size === 1 ? index.entity([...countries][0]!) : countries.size === 0 && home ? index.countryEntity(home) : undefined;
  const country = only ? { id: only.id, name: only.name } : undefined;
  const direct = [
    findNames(title, language, rawTitle, { headline: true, lower, country }),
    ...sentences.map((s, i) => findNames(s, language, rawBody[i]!, { lower, country })),
  ];
  for (const list of direct)
    for (const { entity } of list) {
      const seen = byId.get(entity.id);
      if (!seen) byId.set(entity.id, { ...entity, aliases: [...entity.aliases] });
      else
        for (const name of [entity.name, ...entity.aliases])
          if (name !== seen.name && !seen.aliases.includes(name)) seen.aliases.push(name);
    }
  for (const site of siteCodeSeries([title, ...sentences])) if (!byId.has(site.id)) byId.set(site.id, site);
  if (!byId.size) return { rawTitle, rawBody, found: [] };
  const local = new EntityIndex([...byId.values()]);
  const merge = (known: Mention[], foundHere: Found[], text: string, headline: boolean): Mention[] => {
    const own = foundHere
      .filter((f) => byId.has(f.entity.id))
      .map((f) => ({ id: f.entity.id, kind: f.entity.kind, start: f.start, end: f.end, sure: true }));
    const again = local.allMentions(text, language, headline).filter((m) => m.sure);
    const out = [...known];
    // A known company or site wins over a found name on the same words; found names among themselves, the first and longest.
    const taken = known.filter((m) => m.kind !== 'place');
    for (const m of [...own, ...again].sort((a, b) => a.start - b.start || b.end - a.end)) {
      if (taken.some((t) => t.start < m.end && m.start < t.end)) continue;
      taken.push(m);
      out.push(m);
    }
    return out.sort((a, b) => a.start - b.start);
  };
  return {
    rawTitle: merge(rawTitle, direct[0]!, title, true),
    rawBody: rawBody.map((mentions, i) => merge(mentions, direct[i + 1]!, sentences[i]!, false)),
    // Names stored by an earlier pass (candidates) are known: met where found, not new.
    found: [...byId.values()].filter((f) => !index.entity(f.id)),
  };
}

const LOWER_WORD = /(?<![\p{L}\p{N}])\p{Ll}[\p{L}\p{M}]*/gu;

/** A digit in any script, or a CJK numeral: what a figure needs. */
const FIGURE = /[\p{Nd}一二三四五六七八九十百千万萬億亿兆]/u;

function sentenceFacts(
  sentence: string,
  mentions: Mention[],
  language: string,
  publishedAt: Date,
  actor: string | undefined,
  figures: boolean,
  governments: ReadonlySet<string>,
): ExtractedFact[] {
  const out: ExtractedFact[] = [];
  const cues = factCues().read(sentence, language);
  const date = cues.events.length || cues.statuses.length ? futureDate(sentence, language, publishedAt, figures) : null;
  // "will be commissioned in 2027", "opens next year": a future opening is an event, not the site's status or stage.
  const future = date !== null && cues.events.some((e) => e.what === 'commissioning' || e.what === 'opening');
  const statuses = future ? cues.statuses.filter((s) => s.status !== 'operational') : cues.statuses;
  const stage =
    future && cues.stage === 'live' ? (statuses.some((s) => s.status === 'construction') ? 'construction' : 'announced') : cues.stage;
  // With no site, company nor article actor, the place the sentence names holds it (an anonymous developer's project).
  const holder = (at: number) => attachTo(mentions, at, governments) ?? actor ?? mentions.find((m) => m.kind === 'place')?.id;
  for (const q of figures ? findQuantities(sentence, language) : []) {
    const colon = q.key.indexOf(':');
    const unit = q.key.slice(0, colon);
    const value = Number(q.key.slice(colon + 1));
    const at = Math.max(0, sentence.indexOf(q.raw));
    const entity = holder(at);
    if (!entity || !Number.isFinite(value)) continue;
    if (unit === 'mw') out.push({ entity, sentence, type: 'capacity', mw: value, stage });
    else if (CURRENCIES.has(unit))
      out.push({ entity, sentence, type: 'investment', amount: value, currency: unit.toUpperCase(), usd: toUsd(value, unit, publishedAt) });
  }
  const status = statuses[0];
  if (status) {
    // A status is the sentence's subject's (its first site, else company), not the nearest name's ("X, with Y,
    // broke ground"); measured on dev, figures stay with the nearest name.
    const entity = holder(0);
    if (entity) out.push({ entity, sentence, type: 'status', status: status.status });
  }
  // A future date in a sentence that tells an event, or a status of a plan or works (a plan "from 2026", works that
  // "begin in the second quarter of 2026"), is a dated step of the holder: the event's kind, else `other`.
  if (date) {
    const event = cues.events[0];
    const entity = holder(event?.at ?? statuses[0]?.at ?? 0);
    if (entity) out.push({ entity, sentence, type: 'event-date', what: event?.what ?? 'other', date });
  }
  return out;
}

/**
 * The site the sentence names (nearest to `at`), else the company named nearest to `at` that is no government body
 * (a ministry that approves, announces or funds a company's project is not its holder), else the nearest body.
 */
function attachTo(mentions: Mention[], at: number, governments: ReadonlySet<string>): string | undefined {
  const nearest = (keep: (m: Mention) => boolean) => mentions.filter(keep).sort((a, b) => distance(a, at) - distance(b, at))[0]?.id;
  return (
    nearest((m) => m.kind === 'site') ??
    nearest((m) => m.kind === 'company' && !governments.has(m.id)) ??
    nearest((m) => m.kind === 'company')
  );
}

function distance(m: Mention, at: number): number {
  return at < m.start ? m.start - at : at >= m.end ? at - m.end : 0;
}

/** How far before its publication a day written without a year is the recent past a report tells of. */
const RECENT_PAST_MS = 60 * 86_400_000;

/**
 * The most precise date the sentence states that is after the publication day: a day (`2027-03-12`), else a month
 * (`2027-03`), else a year (`2027`). A day or month without a year is in the publication's year, or the next if passed.
 * Dates relative to the publication count too ("next month", "내년 1분기", "by the end of the year": this year's).
 */
function futureDate(sentence: string, language: string, publishedAt: Date, figures: boolean): string | null {
  const keys = figures ? extractDateKeys(sentence, language, publishedAt) : new Set<string>();
  const relative = relativeDates(sentence, language, publishedAt);
  const published = publishedAt.toISOString().slice(0, 10);
  const years = [...keys].filter((k) => /^\d{4}$/.test(k)).sort();
  const months = [...keys].filter((k) => /^\d{4}-\d{2}$/.test(k)).sort();
  const days = [...keys].filter((k) => /^--\d{2}-\d{2}$/.test(k)).sort();
  const candidates: string[] = [];
  for (const day of days) {
    const md = day.slice(2);
    const stated = years.find((y) => `${y}-${md}` > published);
    const thisYears = `${publishedAt.getUTCFullYear()}-${md}`;
    // A day without a year is in the publication's year when it is that day or later ("opened on April 10",
    // published on April 10, is today: no future event); a few weeks before it, the recent past ("held a ceremony
    // on April 23", published on April 24); earlier still, next year's.
    if (!stated && thisYears < published && Date.parse(published) - Date.parse(thisYears) <= RECENT_PAST_MS) continue;
    // A day the sentence gives a year for, none of which puts it after the publication, is past ("am 3. Februar 2026").
    if (!stated && years.length) continue;
    const year = stated ?? String(publishedAt.getUTCFullYear() + (thisYears >= published ? 0 : 1));
    candidates.push(`${year}-${md}`);
  }
  // A month named alone is read only when the sentence dates nothing more precisely ("in February 2027" is 2027's).
  candidates.push(...months, ...(days.length || months.length ? [] : relative.months.sort()), ...years, ...relative.years);
  const thisYear = String(publishedAt.getUTCFullYear());
  return candidates.find((c) => c > published.slice(0, c.length) || (relative.thisYear && c === thisYear)) ?? null;
}

/** One fact per entity, type, value and sentence (a sentence may state a figure twice: "60 MW (0.06 GW)"). */
function dedupe(facts: ExtractedFact[]): ExtractedFact[] {
  const seen = new Set<string>();
  return facts.filter((f) => {
    const key = JSON.stringify(f);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

interface RateFile {
  usdPerUnit: Record<string, Record<string, number>>;
}
let rates: RateFile['usdPerUnit'] | undefined;
const currencyRates = () =>
  (rates ??= (JSON.parse(readFileSync(new URL('../cluster/currency-rates.json', import.meta.url), 'utf8')) as RateFile).usdPerUnit);
const CURRENCIES = new Set(Object.values(currencyRates()).flatMap((year) => Object.keys(year)));

/** The amount in US dollars at the rate of the publication's year (the latest year known before it), or null. */
export function toUsd(amount: number, currency: string, at: Date): number | null {
  const table = currencyRates();
  const years = Object.keys(table)
    .filter((y) => Number(y) <= at.getUTCFullYear())
    .sort();
  const rate = table[years.at(-1) ?? Object.keys(table).sort()[0]!]?.[currency.toLowerCase()];
  return rate === undefined ? null : Math.round(amount * rate);
}
