import { readFileSync } from 'node:fs';

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

let seed: SeedEntity[] | undefined;

/** The shipped seed list, read once. */
export function seedEntities(): SeedEntity[] {
  return (seed ??= (JSON.parse(readFileSync(SEED_FILE, 'utf8')) as SeedFile).entities);
}
