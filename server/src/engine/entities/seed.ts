import { readFileSync } from 'node:fs';
import { TownTable, type Town } from './town-table.js';

export type { Town } from './town-table.js';

/** What an entity is: a company (operator, utility, investor, vendor...), a site or campus, or a place. */
export type { EntityKind } from '@dcbrief/shared';
import type { EntityKind } from '@dcbrief/shared';

/** One entity of the seed list (seed-entities.json), as `npm run entities:seed -w server` writes it. */
export interface SeedEntity {
  id: string;
  kind: EntityKind;
  name: string;
  /** Companies: hyperscaler, cloud, colocation, developer, telecom, utility, grid-operator, investor, vendor, ai-lab. */
  role?: string;
  /** Places: country, region or city. */
  level?: 'country' | 'region' | 'city';
  /** ISO 3166-1 alpha-2. */
  country?: string;
  /** Every other name, in any script and spelling (the name itself not repeated). */
  aliases: string[];
  /** Sites: the operating company's id and the place's id. */
  operator?: string;
  place?: string;
  /** A name that is also a common word (Switch, Orange, Aligned): only a capital inside a sentence names it. */
  common?: boolean;
}

export interface SeedFile {
  about: string;
  entities: SeedEntity[];
}

export const SEED_FILE = new URL('./seed-entities.json', import.meta.url);
/** Towns from GeoNames the gazetteer does not hold (written by the same script). */
export const TOWNS_FILE = new URL('./seed-towns.json', import.meta.url);

let seed: SeedEntity[] | undefined;

/** The shipped seed list with its towns, read once and kept (benchmarks, tests). */
export function seedEntities(): SeedEntity[] {
  return (seed ??= [...readSeedEntities(), ...[...shippedTowns()].map(townEntity)]);
}

/** The hand-reviewed seed list and the gazetteer's entries (no towns), read afresh: the ingest pass adds what the table lacks. */
export function readSeedEntities(): SeedEntity[] {
  return (JSON.parse(readFileSync(SEED_FILE, 'utf8')) as SeedFile).entities;
}

let townTable: TownTable | undefined;

/**
 * The towns of seed-towns.json (some 30,000), read once and packed (town-table.ts): recognition meets them through a
 * compact lookup rather than as table rows, and the entities stage stores a town as an entity the first time the news
 * names it.
 */
export function shippedTowns(): TownTable {
  return (townTable ??= new TownTable((JSON.parse(readFileSync(TOWNS_FILE, 'utf8')) as { towns: Town[] }).towns));
}

export function townEntity(town: Town): SeedEntity {
  return { id: town.id, name: town.name, country: town.country, aliases: town.aliases ?? [], kind: 'place', level: 'city', common: true };
}
