import type { EntityManager } from '@mikro-orm/core';
import { MAX_FOLLOW_SUGGESTIONS, type FollowSuggestion } from '@dcbrief/shared';
import { Entity } from '../../engine/entities/entity.entity.js';
import { loadEntityIndex } from '../../engine/entities/entities.service.js';
import type { EntityIndex } from '../../engine/entities/recognize.js';
import { identifyLanguage } from '../../engine/language/identify.js';

/**
 * A line of notes is read as English, and also in its own language when the engine's identifier can tell it (long
 * enough): recognition folds names of every script alike, but an inflected name ("за Яндексом") is met only by
 * the reading of its language.
 */
const NOTES_LANGUAGE = 'en';

/**
 * The entities a subscriber's Additional Notes name, by the engine's own recognition, in the order they were typed.
 * A note is read as written and in lower case too: people type "equinix" or "digital realty" without capitals, and a
 * text in lower case is read the way a caseless script is (names that are common words need their capital still).
 */
export function namedInNotes(index: EntityIndex, notes: string): Array<{ id: string; matched: string; at: number }> {
  const found = new Map<string, { id: string; matched: string; at: number }>();
  let offset = 0;
  for (const line of notes.split(/\n/)) {
    const own = identifyLanguage(line, NOTES_LANGUAGE).language;
    const languages = own === NOTES_LANGUAGE ? [NOTES_LANGUAGE] : [NOTES_LANGUAGE, own];
    const hits = languages.flatMap((language) => [...index.mentions(line, language), ...index.mentions(line.toLowerCase(), language)]);
    for (const m of hits) {
      const at = offset + m.start;
      const seen = found.get(m.id);
      if (!seen || at < seen.at) found.set(m.id, { id: m.id, matched: line.slice(m.start, m.end), at });
    }
    offset += line.length + 1;
  }
  return [...found.values()].sort((a, b) => a.at - b.at);
}

/** Entities named in the notes that the subscriber does not follow yet, as suggestions to confirm. */
export async function suggestFromNotes(em: EntityManager, notes: string, followed: ReadonlySet<string>): Promise<FollowSuggestion[]> {
  if (!notes.trim()) return [];
  const named = namedInNotes(await loadEntityIndex(em), notes).filter((n) => !followed.has(n.id));
  if (!named.length) return [];
  const entities = new Map((await em.find(Entity, { id: { $in: named.map((n) => n.id) } })).map((e) => [e.id, e]));
  const out: FollowSuggestion[] = [];
  for (const n of named) {
    const e = entities.get(n.id);
    if (e) out.push({ id: e.id, name: e.name, kind: e.kind, country: e.country, matched: n.matched });
  }
  return out.slice(0, MAX_FOLLOW_SUGGESTIONS);
}
