import { randomUUID } from 'node:crypto';
import { raw, type EntityManager, type RequiredEntityData } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { DIGEST_KINDS, mergePreferences, type DigestKind, type EntityChange, type Preferences, type ThumbsLeaning } from '@dcbrief/shared';
import { Digest, DigestContent } from '../modules/digests/digest.entity.js';
import { thumbsLeanings } from '../modules/feedback/leanings.js';
import { followedByUser } from '../modules/follows/follows.service.js';
import { changesOf } from '../modules/follows/what-changed.js';
import { selectStories, type DigestSelection } from './select-stories.js';
import { Delivery, LIVE_STATES, rowKey, type DeliveryState } from './delivery.entity.js';
import type { DeliveryDeps } from './deps.js';
import type { EditionStoryView, EditionWindow } from './edition-port.js';
import { fromRow } from '../db/raw-values.js';
import { localDaysBefore } from './local-time.js';
import { hasReceived, receivedStories, rememberStoryIds, type Received } from './received.js';
import { perStatement } from '../db/per-statement.js';

/** Rows per compose transaction: big enough that per-statement costs vanish, small enough to hold in memory. */
const BATCH = 500;
/** Distinct selections remembered within a pass before the cache starts over (memory stays bounded). */
const SELECTION_CACHE_MAX = 2000;
const HOUR = 3600_000;
const DAY = 24 * HOUR;
/** Look-back before the earliest story of a batch for the digests that may hold it (clock skew between servers). */
const RECEIVED_MARGIN_MS = HOUR;

export interface ComposeSummary {
  composed: number;
  quiet: number;
  cancelled: number;
}

/** Local days a digest of each kind spans: a daily covers one local day, a weekly one local week. */
const PERIOD_DAYS: Record<'daily' | 'weekly', number> = { daily: 1, weekly: 7 };

/** An earlier outbox row of the same subscriber and kind, for the window's start. */
export interface PriorRow {
  scheduledFor: Date;
  /** Where its window ended when it was composed ahead of its hour (decision 408); else at `scheduledFor`. */
  windowEnd?: Date | null;
  state: DeliveryState;
}

/**
 * The edition a row draws from (docs/decisions/304). Daily and weekly digests select stories by when they
 * became known to us, from the subscriber's previous live digest of that kind (sent, or on its way) to this
 * row's delivery instant, so consecutive digests tile whatever the hour or a DST change. Without one:
 * one local period (day or week) back, or two when the previous one was cancelled or failed, so the next
 * digest carries the stories that one released. A breaking alert looks at stories published in the last
 * BREAKING_WINDOW_HOURS and known by its instant.
 */
export function windowFor(
  row: { kind: DigestKind; scheduledFor: Date; windowEnd?: Date | null },
  zone: string,
  breakingHours: number,
  prior: PriorRow[] = [],
): EditionWindow {
  if (row.kind === 'breaking') {
    const at = row.scheduledFor;
    return { from: new Date(at.getTime() - breakingHours * HOUR), to: new Date(at.getTime() + 1), by: 'published' };
  }
  // A digest composed ahead of its hour (a listener's, decision 408) ends its window when it was planned;
  // the next one starts there, so the stories of the last minutes before the hour go in the next digest.
  const to = row.windowEnd ?? row.scheduledFor;
  const days = PERIOD_DAYS[row.kind];
  const twoBack = localDaysBefore(row.scheduledFor, zone, 2 * days);
  // A daily looks a day further back for the previous one: on Mondays the weekly summary replaces it (307).
  const lookBack = row.kind === 'daily' ? localDaysBefore(row.scheduledFor, zone, 3) : twoBack;
  const earlier = prior.filter((p) => p.scheduledFor >= lookBack && p.scheduledFor < row.scheduledFor);
  const live = earlier.filter((p) => LIVE_STATES.includes(p.state)).map((p) => (p.windowEnd ?? p.scheduledFor).getTime());
  const from = live.length ? new Date(Math.max(...live)) : earlier.length ? twoBack : localDaysBefore(row.scheduledFor, zone, days);
  return { from, to, by: 'ingested' };
}

/**
 * Stories already received that a digest of this kind must not repeat. A weekly summary recaps the week's
 * dailies; a daily never repeats a weekly's story (the weekly replaces Monday's daily, and the next daily
 * carries what it left out: docs/decisions/307).
 */
const EXCLUDES: Record<DigestKind, DigestKind[]> = {
  daily: ['daily', 'weekly', 'breaking'],
  weekly: ['weekly'],
  breaking: ['daily', 'weekly', 'breaking'],
};

/**
 * Turns pending outbox rows into stored digests, in batches, each batch in one transaction: the contents
 * new to this pass (one per distinct selection), the digests and each row's link to its digest. The
 * stories a digest hands over count as received from then on (received.ts derives it from the digests).
 */
export async function composeDigests(
  deps: DeliveryDeps,
  now: Date,
  onBatch?: (done: number) => void,
  shouldStop?: () => boolean,
): Promise<ComposeSummary> {
  const summary: ComposeSummary = { composed: 0, quiet: 0, cancelled: 0 };
  const selections = new SelectionCache(deps.config.delivery.breaking.minSources);
  // Stopping (the server shuts down) ends at a batch boundary: the rest stays pending for the next pass.
  while (!shouldStop?.()) {
    const em = deps.orm.em.fork();
    const rows = await pendingRows(em);
    if (!rows.length) return summary;
    const prior = await priorRows(em, rows);
    const windows = rows.map((r) =>
      windowFor(r, r.timezone, deps.config.delivery.breaking.windowHours, prior.get(`${r.userId}|${r.kind}`)),
    );
    const editions = await Promise.all(rows.map((r, i) => deps.editions.build(windows[i]!, r.kind === 'weekly' ? 'weekly' : 'daily')));
    // Only digests composed since the batch's earliest story became known can hold any of its stories.
    let earliest = Infinity;
    for (const edition of editions) for (const story of edition) earliest = Math.min(earliest, story.ingestedAt.getTime());
    const received: Received =
      earliest === Infinity
        ? new Map()
        : await receivedStories(em, [...new Set(rows.map((r) => r.userId))], new Date(earliest - RECEIVED_MARGIN_MS));
    // A digest stored for a row's key (a pass that stopped between composing and linking): reuse it.
    const existing = await storedDigests(em, rows);
    // Where each subscriber's recent thumbs lean (docs/decisions/309): one read for the batch.
    const leanings = await thumbsLeanings(em, [...new Set(rows.map((r) => r.userId))], now);
    // The entities each subscriber follows (docs/decisions/311): their stories lead a daily brief.
    const follows = await followedByUser(
      em,
      rows.map((r) => r.userId),
    );
    const changes = await weeklyChanges(em, rows, windows, follows);

    const contents: Array<RequiredEntityData<DigestContent>> = [];
    const composedRows: Array<{ key: string; digest: RequiredEntityData<Digest>; quiet: boolean }> = [];
    const links: string[] = [];
    const cancelled: string[] = [];
    const handed = new Set<string>();
    rows.forEach((row, i) => {
      const key = rowKey(row.userId, row.kind, row.editionDate, row.slot);
      if (existing.has(key)) return links.push(row.id);
      let edition = editions[i]!;
      if (row.kind === 'breaking') {
        edition = edition.filter((s) => s.id === row.slot);
        if (!edition.length) return cancelled.push(row.id);
      }
      const excluded = EXCLUDES[row.kind];
      const seen = new Set(
        edition
          .filter((s) => hasReceived(received, row.userId, s.id, excluded) || handed.has(`${row.userId}|${row.kind}|${s.id}`))
          .map((s) => s.id),
      );
      const { selection, contentId, fresh } = selections.select(
        row.kind,
        row.editionDate,
        edition,
        mergePreferences(row.preferences, {}),
        seen,
        leanings.get(row.userId),
        follows.get(row.userId),
        changes.get(row.id) ?? [],
      );
      if (fresh) contents.push(contentRow(contentId, selection, now));
      for (const story of selection.stories) handed.add(`${row.userId}|${row.kind}|${story.id}`);
      composedRows.push({ key, digest: digestRow(randomUUID(), row, selection, contentId, now), quiet: selection.quiet });
      links.push(row.id);
    });
    // A fresh context, so the rows loaded above are not flushed back over these updates. Another process
    // (the server's scheduler and `npm run deliver`, or two servers) may be composing the same rows: the
    // digest's unique key settles it. Its digest is kept and ours dropped (with it the stories ours would
    // have handed over); the row links to whichever digest is stored. The first statement writes, so SQLite
    // takes its write lock at once (a transaction that read first could not upgrade after the other commits).
    const ours = await deps.orm.em.fork().transactional(async (tx) => {
      const sql = tx as unknown as SqlEntityManager;
      for (const chunk of perStatement(contents)) await sql.createQueryBuilder(DigestContent).insert(chunk).execute();
      for (const chunk of perStatement(composedRows.map((c) => c.digest))) {
        await sql.createQueryBuilder(Digest).insert(chunk).onConflict(['user', 'kind', 'date', 'slot']).ignore().execute();
      }
      const stored = await storedDigests(tx, rows);
      // Each row links to the stored digest of its key, whoever stored it: one statement for the batch.
      for (const ids of perStatement(links)) {
        await tx.nativeUpdate(
          Delivery,
          { id: { $in: ids }, digest: null },
          { digest: raw(STORED_DIGEST_OF_ROW) as unknown as Digest, updatedAt: now },
        );
      }
      if (cancelled.length) {
        await tx.nativeUpdate(
          Delivery,
          { id: { $in: cancelled }, state: 'pending' },
          { state: 'cancelled', lastError: 'The breaking story is no longer in the edition', updatedAt: now },
        );
      }
      return composedRows.filter((c) => stored.get(c.key) === c.digest.id);
    });
    // Written: later batches reuse these contents, and the received-story look-ups know their stories.
    for (const c of contents) rememberStoryIds(c.id as string, c.storyIds as string[]);
    summary.composed += ours.length;
    summary.quiet += ours.filter((c) => c.quiet).length;
    summary.cancelled += cancelled.length;
    onBatch?.(summary.composed);
  }
  return summary;
}

/**
 * The id of the digest stored for an outbox row's key (user, kind, date, slot), as a correlated subquery of
 * the `deliveries` row being updated (plain SQL, the same on SQLite and PostgreSQL). A row whose key has
 * no stored digest keeps `digest_id` null, as before.
 */
const STORED_DIGEST_OF_ROW =
  '(select stored.id from digests stored where stored.user_id = deliveries.user_id and stored.kind = deliveries.kind and stored.date = deliveries.edition_date and stored.slot = deliveries.slot)';

/**
 * One pass makes the same selection for every subscriber who shares an edition window, a kind and
 * date, interests, depth, thumbs leaning and the set of stories they already received: thousands of subscribers, a few
 * hundred distinct digests. Each is selected once, stored once as a content, and shared; bounded in size.
 */
class SelectionCache {
  private readonly editionIds = new WeakMap<EditionStoryView[], number>();
  /** The entities an edition's stories name, for the part of a subscriber's follows that can change a selection. */
  private readonly editionEntities = new WeakMap<EditionStoryView[], Set<string>>();
  private nextEditionId = 0;
  private readonly cache = new Map<string, { selection: DigestSelection; contentId: string }>();

  constructor(private readonly mustKnowMinOutlets: number) {}

  /**
   * `fresh`: the content is new and is written with the batch that first uses it (a batch that fails to
   * commit ends the pass, cache and all).
   */
  select(
    kind: DigestKind,
    date: string,
    edition: EditionStoryView[],
    preferences: Preferences,
    received: ReadonlySet<string>,
    leaning?: ThumbsLeaning,
    followed?: ReadonlySet<string>,
    changes: EntityChange[] = [],
  ) {
    let editionId = this.editionIds.get(edition);
    if (editionId === undefined) this.editionIds.set(edition, (editionId = this.nextEditionId++));
    const interests = Object.keys(preferences.interests)
      .filter((k) => preferences.interests[k as keyof Preferences['interests']])
      .sort()
      .join(',');
    const leans = leaning ? `${leaning.more.join(',')}/${leaning.less.join(',')}` : '';
    let named = this.editionEntities.get(edition);
    if (!named) this.editionEntities.set(edition, (named = new Set(edition.flatMap((s) => (s.entities ?? []).map((e) => e.id)))));
    // Only the followed entities this edition names can change the selection: subscribers who follow others share it.
    const relevant = followed ? [...followed].filter((id) => named.has(id)).sort() : [];
    const key = `${editionId}|${kind}|${date}|${preferences.contentDepth}|${interests}|${leans}|${relevant.join(',')}|${changes.map((c) => c.key).join(',')}|${[...received].sort().join(',')}`;
    let hit = this.cache.get(key);
    let fresh = false;
    if (!hit) {
      if (this.cache.size >= SELECTION_CACHE_MAX) this.cache.clear();
      const stories = selectStories({
        kind,
        date,
        edition,
        preferences,
        received,
        leaning,
        followed: new Set(relevant),
        mustKnowMinOutlets: this.mustKnowMinOutlets,
      });
      const selection = changes.length ? { ...stories, changes, quiet: false } : stories;
      hit = { selection, contentId: randomUUID() };
      this.cache.set(key, hit);
      fresh = true;
    }
    return { selection: hit.selection, contentId: hit.contentId, fresh };
  }
}

/** A pending outbox row with what composing it needs: plain rows from one join, not entities (the hot path). */
interface PendingRow {
  id: string;
  kind: DigestKind;
  editionDate: string;
  slot: string;
  scheduledFor: Date;
  windowEnd: Date | null;
  userId: string;
  timezone: string;
  preferences: Partial<Preferences> | null;
}

/**
 * The next batch of pending rows without a digest, in id order (the `(state, digest_id, id)` index). Notices
 * (a trial's end) carry no digest and are sent by trial-reminders.ts, not composed.
 */
async function pendingRows(em: EntityManager): Promise<PendingRow[]> {
  const rows: Array<Record<string, unknown>> = await (em as SqlEntityManager)
    .createQueryBuilder(Delivery, 'r')
    .select(['r.id', 'r.kind', 'r.edition_date', 'r.slot', 'r.scheduled_for', 'r.window_end'])
    .addSelect(['u.id as user_id', 'u.timezone', 'u.preferences'])
    .join('r.user', 'u')
    .where({ state: 'pending', digest: null, kind: { $in: [...DIGEST_KINDS] } })
    .orderBy({ id: 'asc' })
    .limit(BATCH)
    .execute('all', false);
  return rows.map((r) => ({
    id: r.id as string,
    kind: r.kind as DigestKind,
    editionDate: r.edition_date as string,
    slot: r.slot as string,
    scheduledFor: fromRow.date(r.scheduled_for),
    windowEnd: r.window_end == null ? null : fromRow.date(r.window_end),
    userId: r.user_id as string,
    timezone: r.timezone as string,
    preferences: fromRow.json<Partial<Preferences> | null>(r.preferences),
  }));
}

/** The stored digest of each row's key (`user|kind|date|slot`), whichever process composed it. */
async function storedDigests(em: EntityManager, rows: PendingRow[]): Promise<Map<string, string>> {
  const found: Array<Record<string, unknown>> = await (em as SqlEntityManager)
    .createQueryBuilder(Digest, 'd')
    .select(['d.id', 'd.user_id', 'd.kind', 'd.date', 'd.slot'])
    .where({ user: { $in: [...new Set(rows.map((r) => r.userId))] }, date: { $in: [...new Set(rows.map((r) => r.editionDate))] } })
    .execute('all', false);
  return new Map(found.map((d) => [rowKey(d.user_id as string, d.kind as DigestKind, d.date as string, d.slot as string), d.id as string]));
}

/** Each subscriber's earlier daily and weekly rows of the last two periods, by `user|kind`. */
async function priorRows(em: EntityManager, rows: PendingRow[]): Promise<Map<string, PriorRow[]>> {
  const periodic = rows.filter((r) => r.kind !== 'breaking');
  const byKey = new Map<string, PriorRow[]>();
  if (!periodic.length) return byKey;
  let since = Infinity;
  let until = -Infinity;
  for (const r of periodic) {
    since = Math.min(since, r.scheduledFor.getTime());
    until = Math.max(until, r.scheduledFor.getTime());
  }
  const found: Array<Record<string, unknown>> = await (em as SqlEntityManager)
    .createQueryBuilder(Delivery, 'p')
    .select(['p.user_id', 'p.kind', 'p.scheduled_for', 'p.window_end', 'p.state'])
    .where({
      user: { $in: [...new Set(periodic.map((r) => r.userId))] },
      kind: { $in: ['daily', 'weekly'] },
      scheduledFor: { $gte: new Date(since - 2 * 7 * DAY - 2 * HOUR), $lt: new Date(until) },
    })
    .execute('all', false);
  for (const d of found) {
    const key = `${d.user_id as string}|${d.kind as string}`;
    const list = byKey.get(key) ?? [];
    list.push({
      scheduledFor: fromRow.date(d.scheduled_for),
      windowEnd: d.window_end == null ? null : fromRow.date(d.window_end),
      state: d.state as DeliveryState,
    });
    byKey.set(key, list);
  }
  return byKey;
}

function contentRow(id: string, selection: DigestSelection, now: Date): RequiredEntityData<DigestContent> {
  return {
    id,
    stories: selection.stories,
    storyIds: selection.stories.map((s) => s.id),
    searchText: selection.searchText,
    changes: selection.changes?.length ? selection.changes : null,
    createdAt: now,
  };
}

function digestRow(id: string, row: PendingRow, selection: DigestSelection, contentId: string, now: Date): RequiredEntityData<Digest> {
  return {
    id,
    user: row.userId,
    kind: row.kind,
    date: row.editionDate,
    slot: row.slot,
    title: selection.title,
    storyCount: selection.stories.length,
    depth: selection.depth,
    quiet: selection.quiet,
    content: contentId,
    sentAt: null,
    createdAt: now,
  };
}

/**
 * A fact is told in the weekly summary whose window holds its publication, or in the next one when it became known
 * late (an article of last week ingested this week): changes are looked for this far before a window's start, and
 * the ones a previous weekly summary told are left out (docs/decisions/311).
 */
const CHANGES_LOOK_BACK_MS = 7 * DAY;
/** How far back the weekly summaries already sent are read for the changes they told. */
const TOLD_LOOK_BACK_MS = 5 * 7 * DAY;

/** Each weekly row's "What changed": the changes of the entities its subscriber follows, not told before, by row id. */
async function weeklyChanges(
  em: EntityManager,
  rows: PendingRow[],
  windows: EditionWindow[],
  follows: Map<string, Set<string>>,
): Promise<Map<string, EntityChange[]>> {
  const out = new Map<string, EntityChange[]>();
  const weekly = rows
    .map((row, i) => ({ row, window: windows[i]! }))
    .filter(({ row }) => row.kind === 'weekly' && follows.get(row.userId)?.size);
  if (!weekly.length) return out;
  const from = Math.min(...weekly.map((w) => w.window.from.getTime())) - CHANGES_LOOK_BACK_MS;
  const to = Math.max(...weekly.map((w) => w.window.to.getTime()));
  const entityIds = [...new Set(weekly.flatMap(({ row }) => [...follows.get(row.userId)!]))];
  const all = await changesOf(em, entityIds, new Date(from), new Date(to));
  if (!all.length) return out;
  const told = await toldChanges(
    em,
    weekly.map((w) => w.row.userId),
    new Date(from - TOLD_LOOK_BACK_MS),
  );
  for (const { row, window } of weekly) {
    const followed = follows.get(row.userId)!;
    const start = window.from.getTime() - CHANGES_LOOK_BACK_MS;
    const mine = all.filter((c) => {
      const at = Date.parse(c.statedAt);
      return followed.has(c.entity.id) && at >= start && at < window.to.getTime() && !told.get(row.userId)?.has(c.key);
    });
    if (mine.length) out.set(row.id, mine);
  }
  return out;
}

/** The keys of the changes each subscriber's weekly summaries since `since` told. */
async function toldChanges(em: EntityManager, userIds: string[], since: Date): Promise<Map<string, Set<string>>> {
  const out = new Map<string, Set<string>>();
  for (const ids of perStatement([...new Set(userIds)])) {
    const found: Array<Record<string, unknown>> = await (em as SqlEntityManager)
      .createQueryBuilder(Digest, 'd')
      .select(['d.user_id'])
      .addSelect(['c.changes'])
      .join('d.content', 'c')
      .where({ user: { $in: ids }, kind: 'weekly', createdAt: { $gte: since } })
      .execute('all', false);
    for (const d of found) {
      const changes = fromRow.json<EntityChange[] | null>(d.changes) ?? [];
      if (!changes.length) continue;
      const set = out.get(d.user_id as string) ?? new Set<string>();
      for (const c of changes) set.add(c.key);
      out.set(d.user_id as string, set);
    }
  }
  return out;
}
