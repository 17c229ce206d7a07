import type { PlaceFinder } from '../intake/article-keys.js';
import { countryOfLanguage, EntityIndex } from './recognize.js';
import { readSeedEntities, shippedTowns } from './seed.js';

/** Characters of the text read for places after the title. */
const PLACE_TEXT = 3_000;
const SENTENCE_END = /(?<=[.!?。！？])\s+|\n+/u;

let index: { recognise: EntityIndex; countryIds: Map<string, string> } | undefined;

/**
 * The places a translated lead names, as clustering compares them (intake/article-keys.ts): the seed list's
 * countries, regions and cities and the shipped towns, each with its country, recognised as the entities stage
 * recognises them ("Aragón" is in Spain, "Ulsan" in Korea). The gazetteer's hubs alone leave most places unknown to
 * clustering, and two translated leads about one company's projects in two countries share every other word.
 *
 * Returns place ids and the ids of their countries, each once, read over the title and the first part of the
 * text. A shipped town named once, of a country the text does not otherwise name, is left out as the entities
 * stage leaves it out ("consejero de Fomento", a surname).
 *
 * Built on its first call (a pass without a translator never calls it, and never reads the towns before its
 * entities stage); the town table is read once (seed.ts).
 */
export function placeFinder(): PlaceFinder {
  return findPlaces;
}

function findPlaces(title: string, text: string, language: string): string[] {
  if (!index) {
    const places = readSeedEntities().filter((e) => e.kind === 'place');
    index = {
      recognise: new EntityIndex(places, shippedTowns()),
      countryIds: new Map(places.filter((p) => p.level === 'country' && p.country).map((p) => [p.country!, p.id])),
    };
  }
  const { recognise, countryIds } = index;
  const sentences = [title, ...text.slice(0, PLACE_TEXT).split(SENTENCE_END)].filter((s) => s.trim());
  const mentions = sentences.flatMap((s, i) => recognise.mentions(s, language, i === 0).filter((m) => m.kind === 'place'));
  const times = new Map<string, number>();
  for (const m of mentions) times.set(m.id, (times.get(m.id) ?? 0) + 1);
  const countries = new Set<string | undefined>([countryOfLanguage(language)]);
  for (const [id, n] of times) if (!recognise.shippedTown(id) || n > 1) countries.add(recognise.countryOf(id));
  const out = new Set<string>();
  for (const id of times.keys()) {
    const country = recognise.countryOf(id);
    if (!country) continue;
    if (recognise.townAbroad(id, times.get(id)!, countries)) continue;
    out.add(id);
    const countryId = countryIds.get(country);
    if (countryId) out.add(countryId);
  }
  return [...out].sort();
}
