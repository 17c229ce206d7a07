/**
 * Writes src/engine/entities/seed-entities.json, the entities' seed list (decision 225): the companies, sites and
 * places reviewed by hand in src/engine/entities/seed-source.json, joined with the gazetteer's companies, cities
 * and countries (with ICU's country names in every catalog language, region-names.json). A company or place of the
 * source that names a gazetteer key takes all of the gazetteer's names for it as aliases; the gazetteer's other
 * entries come in as they are. Run it after editing seed-source.json or the gazetteer.
 *
 * Usage: npm run entities:seed -w server
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gazetteerEntries } from '../src/engine/language/gazetteer.js';
import type { SeedEntity, SeedFile } from '../src/engine/entities/seed.js';

interface SourceEntry extends Omit<SeedEntity, 'kind'> {
  gazetteer?: string;
  /** Names of the gazetteer key that are another entity (the gazetteer's `amazon` holds AWS, a subsidiary of its own here). */
  gazetteerExclude?: string[];
}
interface SourceFile {
  companies: SourceEntry[];
  places: SourceEntry[];
  sites: SourceEntry[];
}

const here = (file: string) => fileURLToPath(new URL(`../src/engine/entities/${file}`, import.meta.url));
const source = JSON.parse(readFileSync(here('seed-source.json'), 'utf8')) as SourceFile;
const gazetteer = gazetteerEntries();

/** The gazetteer's places that are regions (states, provinces, areas) rather than cities. */
const GAZETTEER_REGIONS = new Set(
  'virginia texas ohio arizona oregon iowa wisconsin gujarat maharashtra johor hokkaido riograndedosul siliconvalley quebec'.split(' '),
);

/** "rio de janeiro" -> "Rio De Janeiro": a display name for a gazetteer key's first (folded) name. */
const titleCase = (name: string) => name.replace(/(^|[\s-])(\p{L})/gu, (_, space: string, c: string) => space + c.toUpperCase());

const entities = new Map<string, SeedEntity>();
const claimed = new Set<string>();

function add(entity: SeedEntity, gazetteerNames: string[] = []) {
  if (entities.has(entity.id)) throw new Error(`seed-source.json: duplicate id ${entity.id}`);
  const seen = new Set([entity.name.toLowerCase()]);
  const aliases: string[] = [];
  for (const alias of [...entity.aliases, ...gazetteerNames]) {
    const lower = alias.trim().toLowerCase();
    if (!lower || seen.has(lower)) continue;
    seen.add(lower);
    aliases.push(alias.trim());
  }
  entities.set(entity.id, { ...entity, aliases });
}

const isoOf = (countryKey: string) => gazetteer.countries[countryKey]?.region;

for (const { gazetteer: key, gazetteerExclude = [], ...entry } of source.companies) {
  if (key) claimed.add(key);
  const names = key ? (gazetteer.companies[key] ?? missing(key)) : [];
  add({ ...entry, kind: 'company' }, names.filter((name) => !gazetteerExclude.includes(name)));
}
for (const [key, names] of Object.entries(gazetteer.companies))
  if (!claimed.has(key)) add({ id: key, kind: 'company', name: titleCase(names[0]!), aliases: [] }, names);

for (const [key, { region, names }] of Object.entries(gazetteer.countries))
  add({ id: key, kind: 'place', level: 'country', country: region, name: names[0] ?? titleCase(key), aliases: [] }, [key, ...names]);
for (const [key, { country, names }] of Object.entries(gazetteer.cities)) {
  // City-states (Singapore, Hong Kong) are their country's entity.
  if (entities.has(key)) {
    const state = entities.get(key)!;
    entities.delete(key);
    add(state, names);
    continue;
  }
  const level = GAZETTEER_REGIONS.has(key) ? 'region' : 'city';
  add({ id: key, kind: 'place', level, country: isoOf(country), name: titleCase(names[0]!), aliases: [] }, names);
}
for (const { gazetteer: key, ...entry } of source.places)
  add({ ...entry, kind: 'place' }, key ? (gazetteer.cities[key]?.names ?? missing(key)) : []);

for (const site of source.sites) {
  for (const ref of [site.operator, site.place]) if (ref && !entities.has(ref)) throw new Error(`site ${site.id}: no entity ${ref}`);
  add({ ...site, kind: 'site' });
}

function missing(key: string): never {
  throw new Error(`seed-source.json: the gazetteer has no entry ${key}`);
}

const about =
  'Written by `npm run entities:seed -w server` from seed-source.json (reviewed by hand) and the gazetteer ' +
  '(language/gazetteer.ts, region-names.json); do not edit: edit those and run it again. Decision 225.';
const file: SeedFile = { about, entities: [...entities.values()] };
writeFileSync(here('seed-entities.json'), `${JSON.stringify(file, null, 1)}\n`);
const count = (kind: string) => file.entities.filter((e) => e.kind === kind).length;
console.log(`wrote seed-entities.json: ${count('company')} companies, ${count('site')} sites, ${count('place')} places`);
