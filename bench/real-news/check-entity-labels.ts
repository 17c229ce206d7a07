/**
 * Checks entity-labels.json (issue 26: entities and dated facts of the real-news set, README "Entity labels")
 * against labels.json and, where present, the git-ignored article text:
 * - every article id exists in labels.json; every entity id referenced (articles, about, facts, a site's
 *   operator and place) is defined; `about` is a subset of `entities`; a fact's entity is in the article's list;
 * - every fact's sha is the article's title or one of its sentences labelled fact;
 * - field values are of the allowed sets (kind, role, level, stage, status, what, currency, dates);
 * - warnings: an article entity none of whose name or aliases occurs in the article's text (case-insensitive),
 *   and a listed alias seen in no article of the entity.
 * Prints counts per half and per language. Exits 1 on errors (not on warnings).
 *
 *   node --conditions=source --import tsx bench/real-news/check-entity-labels.ts [--quiet]
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CAPACITY_STAGES, ENTITY_EVENT_KINDS, ENTITY_STATUSES } from '../../shared/src/entities.js';
import { splitSentences } from '../quality/text.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const short = (s: string) => createHash('sha256').update(s.trim()).digest('hex').slice(0, 16);
const quiet = process.argv.includes('--quiet');

type Kind = 'company' | 'site' | 'place';
interface Entity {
  name: string;
  kind: Kind;
  role?: string;
  level?: string;
  country?: string;
  aliases?: string[];
  operator?: string;
  place?: string;
}
interface Fact {
  entity: string;
  type: 'capacity' | 'investment' | 'status' | 'event-date';
  mw?: number;
  stage?: string;
  amount?: number;
  currency?: string;
  status?: string;
  what?: string;
  date?: string;
  sha: string;
}
interface ArticleLabels {
  entities: string[];
  about: string[];
  facts: Fact[];
}
interface Labels {
  articles: Array<{
    id: string;
    language: string;
    split: 'dev' | 'test';
    title: { sha: string; label: string };
    sentences: Array<{ sha: string; label: string }>;
  }>;
}

const ROLES = new Set(['hyperscaler', 'colocation', 'operator', 'utility', 'grid', 'investor', 'vendor', 'government', 'other']);
const LEVELS = new Set(['country', 'region', 'city']);
// The product's own vocabulary (shared/src/entities.ts): a label the engine could never state is an error.
const STAGES = new Set<string>(CAPACITY_STAGES);
const STATUSES = new Set<string>(ENTITY_STATUSES);
const WHATS = new Set<string>(ENTITY_EVENT_KINDS);
/** Full dates, or reduced precision (a year, a month) when the sentence gives no day. */
const DATE = /^\d{4}(-\d{2}(-\d{2})?)?$/;

const labels = JSON.parse(readFileSync(path.join(here, 'labels.json'), 'utf8')) as Labels;
const file = JSON.parse(readFileSync(path.join(here, 'entity-labels.json'), 'utf8')) as {
  entities: Record<string, Entity>;
  articles: Record<string, ArticleLabels>;
};
const byId = new Map(labels.articles.map((a) => [a.id, a]));
const errors: string[] = [];
const warnings: string[] = [];

for (const [id, e] of Object.entries(file.entities)) {
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id)) errors.push(`entity ${id}: id is not kebab case`);
  if (!['company', 'site', 'place'].includes(e.kind)) errors.push(`entity ${id}: kind ${e.kind}`);
  if (e.kind === 'company' && !ROLES.has(e.role ?? '')) errors.push(`entity ${id}: role ${e.role}`);
  if (e.kind === 'place' && !LEVELS.has(e.level ?? '')) errors.push(`entity ${id}: level ${e.level}`);
  if (e.country && !/^[A-Z]{2}$/.test(e.country)) errors.push(`entity ${id}: country ${e.country}`);
  for (const k of ['operator', 'place'] as const) {
    const ref = e[k];
    if (ref === undefined) continue;
    if (e.kind !== 'site') errors.push(`entity ${id}: ${k} on a ${e.kind}`);
    const target = file.entities[ref];
    if (!target) errors.push(`entity ${id}: ${k} ${ref} is not defined`);
    else if (target.kind !== (k === 'operator' ? 'company' : 'place')) errors.push(`entity ${id}: ${k} ${ref} is a ${target.kind}`);
  }
}

const names = (e: Entity) => [e.name, ...(e.aliases ?? [])];
const aliasSeen = new Map<string, Set<string>>();
const texts = new Map<string, string>();

for (const [aid, a] of Object.entries(file.articles)) {
  const meta = byId.get(aid);
  if (!meta) {
    errors.push(`${aid}: not in labels.json`);
    continue;
  }
  const ids = new Set(a.entities);
  for (const x of [...a.entities, ...a.about, ...a.facts.map((f) => f.entity)]) {
    if (!file.entities[x]) errors.push(`${aid}: entity ${x} is not defined`);
  }
  for (const x of a.about) if (!ids.has(x)) errors.push(`${aid}: about ${x} is not in its entities`);
  if (new Set(a.entities).size !== a.entities.length) errors.push(`${aid}: an entity is listed twice`);
  const factShas = new Set([meta.title.sha, ...meta.sentences.filter((s) => s.label === 'fact').map((s) => s.sha)]);
  const allShas = new Set(meta.sentences.map((s) => s.sha));
  for (const f of a.facts) {
    const where = `${aid}: ${f.type} fact of ${f.entity}`;
    if (!ids.has(f.entity)) errors.push(`${where}: entity not in the article's entities`);
    if (!factShas.has(f.sha)) {
      errors.push(`${where}: sha ${f.sha} is ${allShas.has(f.sha) ? 'a sentence not labelled fact' : 'not a sentence of the article'}`);
    }
    if (f.type === 'capacity' && (!(typeof f.mw === 'number' && f.mw > 0) || !STAGES.has(f.stage ?? '')))
      errors.push(`${where}: mw ${f.mw} stage ${f.stage}`);
    else if (f.type === 'investment' && (!(typeof f.amount === 'number' && f.amount > 0) || !/^[A-Z]{3}$/.test(f.currency ?? '')))
      errors.push(`${where}: amount ${f.amount} ${f.currency}`);
    else if (f.type === 'status' && !STATUSES.has(f.status ?? '')) errors.push(`${where}: status ${f.status}`);
    else if (f.type === 'event-date' && (!WHATS.has(f.what ?? '') || !f.date)) errors.push(`${where}: what ${f.what} date ${f.date}`);
    else if (!['capacity', 'investment', 'status', 'event-date'].includes(f.type)) errors.push(`${where}: unknown type`);
    if (f.date !== undefined && !DATE.test(f.date)) errors.push(`${where}: date ${f.date}`);
  }

  const textFile = path.join(here, 'text', `${aid}.txt`);
  if (!existsSync(textFile)) continue;
  const raw = readFileSync(textFile, 'utf8');
  const [titleLine = '', ...rest] = raw.split('\n');
  const sentences = splitSentences(rest.join('\n').trim());
  const shaOf = new Map(meta.sentences.map((s) => [s.sha, s.label]));
  // The text an entity may be named in: the title and the sentences not labelled boilerplate.
  const text = [titleLine, ...sentences.filter((s) => shaOf.get(short(s)) !== 'boilerplate')].join('\n').toLowerCase();
  texts.set(aid, text);
  for (const x of a.entities) {
    const e = file.entities[x];
    if (!e) continue;
    const found = names(e).filter((n) => text.includes(n.toLowerCase()));
    if (!found.length) warnings.push(`${aid}: ${x} (${names(e).join(' / ')}) not found in its text`);
    for (const n of found) {
      if (!aliasSeen.has(x)) aliasSeen.set(x, new Set());
      aliasSeen.get(x)!.add(n);
    }
  }
}
if (texts.size) {
  for (const [id, e] of Object.entries(file.entities)) {
    const seen = aliasSeen.get(id) ?? new Set();
    if (!seen.size) warnings.push(`entity ${id}: in no article`);
    for (const n of e.aliases ?? []) if (!seen.has(n)) warnings.push(`entity ${id}: alias "${n}" seen in none of its articles`);
  }
} else warnings.push('no text/ folder: names and aliases not checked against the articles');

// Counts per half and per language.
type Row = {
  articles: number;
  company: number;
  site: number;
  place: number;
  capacity: number;
  investment: number;
  status: number;
  'event-date': number;
};
const row = (): Row => ({ articles: 0, company: 0, site: 0, place: 0, capacity: 0, investment: 0, status: 0, 'event-date': 0 });
const halves = new Map<string, Row>();
const langs = new Map<string, Row>();
const distinct = new Map<string, Set<string>>();
for (const [aid, a] of Object.entries(file.articles)) {
  const meta = byId.get(aid);
  if (!meta) continue;
  for (const [map, key] of [
    [halves, meta.split],
    [halves, 'all'],
    [langs, `${meta.split} ${meta.language}`],
  ] as const) {
    const r = map.get(key) ?? row();
    map.set(key, r);
    r.articles++;
    for (const x of a.entities) {
      const k = file.entities[x]?.kind;
      if (k) r[k]++;
    }
    for (const f of a.facts) r[f.type]++;
  }
  for (const key of [meta.split, 'all']) {
    const s = distinct.get(key) ?? new Set();
    distinct.set(key, s);
    for (const x of a.entities) s.add(x);
  }
}
const head = 'articles company site place | capacity investment status event-date';
const fmt = (k: string, r: Row) =>
  `${k.padEnd(8)} ${String(r.articles).padStart(4)} ${String(r.company).padStart(7)} ${String(r.site).padStart(4)} ${String(r.place).padStart(5)} | ${String(r.capacity).padStart(8)} ${String(r.investment).padStart(10)} ${String(r.status).padStart(6)} ${String(r['event-date']).padStart(10)}`;
const total = labels.articles.length;
const perSplit = (s: string) => labels.articles.filter((a) => s === 'all' || a.split === s).length;
console.log(`entity mentions per article list (an entity once per article), facts by type`);
console.log(`${'half'.padEnd(8)} ${head}`);
for (const k of ['test', 'dev', 'all']) {
  const r = halves.get(k);
  if (r) console.log(`${fmt(k, r)}   (${r.articles} of ${perSplit(k)} articles labelled; ${distinct.get(k)?.size ?? 0} distinct entities)`);
}
console.log(`\n${'language'.padEnd(8)} ${head}`);
for (const k of [...langs.keys()].sort()) console.log(fmt(k, langs.get(k)!));
const kinds = { company: 0, site: 0, place: 0 };
for (const e of Object.values(file.entities)) kinds[e.kind]++;
console.log(
  `\nentities defined: ${Object.keys(file.entities).length} (company ${kinds.company}, site ${kinds.site}, place ${kinds.place}); articles labelled ${Object.keys(file.articles).length} of ${total}; languages ${new Set([...langs.keys()].map((k) => k.split(' ')[1])).size}`,
);

if (warnings.length) {
  console.log(`\n${warnings.length} warnings`);
  if (!quiet) for (const w of warnings) console.log(`  warn ${w}`);
}
if (errors.length) {
  console.log(`\n${errors.length} errors`);
  for (const e of errors) console.log(`  error ${e}`);
  process.exit(1);
}
console.log('\nok');
