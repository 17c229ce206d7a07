import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { Entity, EntityFact } from '../../engine/entities/entity.entity.js';
import { Article } from '../../engine/model/article.entity.js';
import { Source } from '../../engine/model/source.entity.js';
import { Story } from '../../engine/model/story.entity.js';

/** Events whose day (or month) ended less than this long ago stay in the calendar. */
export const PAST_DAYS_KEPT = 30;
/** At most this many events in one calendar, the soonest first (a calendar app reads all of them each refresh). */
export const MAX_EVENTS = 500;
/**
 * The kinds of event a calendar shows: the hearings, votes, commissioning and opening dates and deadlines.
 * The engine's `other` (a dated step of a plan or works) is left out: on the real-news halves its day and month
 * dates were datelines and past days read as next year's (decision 022).
 */
export const CALENDAR_KINDS = ['hearing', 'vote', 'commissioning', 'opening', 'deadline'] as const;
/** At most this many stories' sentences in one event's description. */
const MAX_STATEMENTS = 3;

/** An event's date as stated: a day, or a month without its day (a year alone is left out: decision 022). */
export interface EventDay {
  year: number;
  month: number;
  /** Null: the month only. */
  day: number | null;
}

export interface CalendarOutlet {
  name: string;
  /** The outlet's article in the story, when known. */
  url: string | null;
}

/** One story's statement of the event: its sentence, as written, and every outlet that states it. */
export interface CalendarStatement {
  storyId: string;
  storyTitle: string;
  sentence: string;
  language: string;
  statedAt: Date;
  outlets: CalendarOutlet[];
}

/**
 * A dated event of a followed entity: one per (entity, what, date), however many stories state it, so that the
 * same vote told by two stories is one event and its UID does not change when a story is read again.
 */
export interface CalendarEvent {
  uid: string;
  entity: { id: string; name: string };
  what: string;
  date: EventDay;
  /** When the latest statement was published: the event's DTSTAMP and LAST-MODIFIED. */
  revisedAt: Date;
  statements: CalendarStatement[];
}

/** `2027-03-12` or `2027-03` as a day or month; a year alone, or anything else, is null. */
export function parseEventDate(value: string): EventDay | null {
  const m = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = m[3] ? Number(m[3]) : null;
  if (month < 1 || month > 12) return null;
  if (day !== null && (day < 1 || day > new Date(Date.UTC(year, month, 0)).getUTCDate())) return null;
  return { year, month, day };
}

/** The last day the event may fall on (the day itself, or the month's last day), as a UTC midnight. */
function lastDayOf(date: EventDay): number {
  return date.day === null ? Date.UTC(date.year, date.month, 0) : Date.UTC(date.year, date.month - 1, date.day);
}

/** Whether the event is still to come, or passed less than PAST_DAYS_KEPT days ago (by UTC days). */
export function isKept(date: EventDay, now: Date): boolean {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return lastDayOf(date) >= today - PAST_DAYS_KEPT * 86_400_000;
}

/** The event's identity across regenerations, stories and subscribers: the entity, what happens and when. */
export function eventUid(entityId: string, what: string, eventDate: string, domain: string): string {
  const key = createHash('sha256').update(`${entityId}\n${what}\n${eventDate}`).digest('hex').slice(0, 32);
  return `event-${key}@${domain}`;
}

/**
 * Followed ids as the facts are stored now: an entity merged into another has had its facts moved there
 * (engine/entities README), so the one it was merged into is read instead.
 */
async function currentIds(em: EntityManager, ids: string[]): Promise<Map<string, Entity>> {
  const found = new Map<string, Entity>();
  let pending = [...new Set(ids)];
  for (let hop = 0; hop < 5 && pending.length; hop++) {
    const rows = await em.find(Entity, { id: { $in: pending } });
    pending = [];
    for (const row of rows) {
      if (row.mergedInto) pending.push(row.mergedInto);
      else found.set(row.id, row);
    }
  }
  return found;
}

/**
 * The dated events stated in stories about `entityIds` that are still to come or passed less than 30 days ago,
 * the soonest first. Year-only dates are left out (decision 022).
 */
export async function calendarEvents(em: EntityManager, entityIds: string[], now: Date, domain: string): Promise<CalendarEvent[]> {
  if (!entityIds.length) return [];
  const entities = await currentIds(em, entityIds);
  if (!entities.size) return [];
  // A string bound on the stored `2027-03-12` / `2027-03` / `2027`: the year before the cutoff's, then exact in code.
  const fromYear = String(new Date(now.getTime() - PAST_DAYS_KEPT * 86_400_000).getUTCFullYear());
  const facts = await em.find(
    EntityFact,
    { type: 'event-date', entityId: { $in: [...entities.keys()] }, eventDate: { $gte: fromYear }, what: { $in: [...CALENDAR_KINDS] } },
    { orderBy: { statedAt: 'asc', id: 'asc' } },
  );

  const groups = new Map<string, { entityId: string; what: string; eventDate: string; date: EventDay; facts: EntityFact[] }>();
  for (const fact of facts) {
    const date = parseEventDate(fact.eventDate ?? '');
    if (!date || !isKept(date, now)) continue;
    const key = `${fact.entityId}\n${fact.what}\n${fact.eventDate}`;
    const group = groups.get(key) ?? { entityId: fact.entityId, what: fact.what!, eventDate: fact.eventDate!, date, facts: [] };
    group.facts.push(fact);
    groups.set(key, group);
  }
  const chosen = [...groups.values()]
    .sort(
      (a, b) =>
        lastDayOf(a.date) - lastDayOf(b.date) ||
        a.eventDate.localeCompare(b.eventDate) ||
        a.entityId.localeCompare(b.entityId) ||
        a.what.localeCompare(b.what),
    )
    .slice(0, MAX_EVENTS);

  const statedFacts = chosen.flatMap((g) => onePerStory(g.facts).slice(0, MAX_STATEMENTS));
  const stories = new Map<string, { title: string }>();
  const sources = new Map<string, { name: string }>();
  const articles = new Map<string, Pick<Article, 'sourceId' | 'alsoSourceIds' | 'url'>>();
  for (const ids of chunks(unique(statedFacts.map((f) => f.storyId))))
    for (const s of await em.find(Story, { id: { $in: ids } }, { fields: ['id', 'title'] })) stories.set(s.id, s);
  for (const ids of chunks(unique(statedFacts.flatMap((f) => f.sourceIds))))
    for (const s of await em.find(Source, { id: { $in: ids } }, { fields: ['id', 'name'] })) sources.set(s.id, s);
  for (const ids of chunks(unique(statedFacts.flatMap((f) => f.articleIds))))
    for (const a of await em.find(Article, { id: { $in: ids } }, { fields: ['id', 'sourceId', 'alsoSourceIds', 'url'] }))
      articles.set(a.id, a);

  return chosen.map((g) => {
    const statements = onePerStory(g.facts)
      .slice(0, MAX_STATEMENTS)
      .map((fact): CalendarStatement => {
        const factArticles = fact.articleIds.flatMap((id) => articles.get(id) ?? []);
        return {
          storyId: fact.storyId,
          storyTitle: stories.get(fact.storyId)?.title ?? '',
          sentence: fact.sentence,
          language: fact.language,
          statedAt: fact.statedAt,
          outlets: fact.sourceIds.map((sourceId) => ({
            name: sources.get(sourceId)?.name ?? sourceId,
            url: factArticles.find((a) => a.sourceId === sourceId || a.alsoSourceIds.includes(sourceId))?.url ?? null,
          })),
        };
      });
    return {
      uid: eventUid(g.entityId, g.what, g.eventDate, domain),
      entity: { id: g.entityId, name: entities.get(g.entityId)?.name ?? g.entityId },
      what: g.what,
      date: g.date,
      revisedAt: new Date(Math.max(...g.facts.map((f) => f.statedAt.getTime()))),
      statements,
    };
  });
}

/** The first-stated fact of each story (facts come ordered by statedAt). */
function onePerStory(facts: EntityFact[]): EntityFact[] {
  const seen = new Set<string>();
  return facts.filter((f) => !seen.has(f.storyId) && seen.add(f.storyId));
}

const unique = (values: string[]) => [...new Set(values)];

/** Lists of ids cut to a size every database takes in one `in (...)`. */
function chunks(ids: string[], size = 500): string[][] {
  const out: string[][] = [];
  for (let i = 0; i < ids.length; i += size) out.push(ids.slice(i, i + size));
  return out;
}
