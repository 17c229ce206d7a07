import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';
import { hasPremiumAccess, mergePreferences, TRIALING_STATUS, type DigestKind, type Preferences, type Tier } from '@dcbrief/shared';
import { fromRow } from '../db/raw-values.js';
import { User } from '../modules/users/user.entity.js';
import { Delivery, rowKey } from './delivery.entity.js';
import { suppressedAddresses } from './recipients.service.js';
import { receivedStories } from './received.js';
import { inInterests } from './select-stories.js';
import type { DeliveryDeps } from './deps.js';
import type { EditionStoryView } from './edition-port.js';
import { latestSlot, localDate, WEEKLY_WEEKDAY } from './local-time.js';
import { perStatement } from '../db/per-statement.js';

const PAGE = 2000;
const HOUR = 3600_000;

export interface PlanSummary {
  daily: number;
  weekly: number;
  breaking: number;
}

interface NewRow {
  userId: string;
  kind: DigestKind;
  editionDate: string;
  slot: string;
  scheduledFor: Date;
  /** Set when the row is planned ahead of its hour: its edition window ends here, at planning (decision 408). */
  windowEnd?: Date;
}

type PlanUser = Pick<User, 'id' | 'email' | 'timezone' | 'preferences' | 'subscriptionTier' | 'subscriptionStatus'>;

/** Who is owed digests at `now`: paying subscribers, and card-free trials until their end (docs/decisions/008). */
function receiving(now: Date) {
  return { $or: [{ subscriptionStatus: 'active' }, { subscriptionStatus: TRIALING_STATUS, trialEndsAt: { $gt: now } }] };
}

/** A page of active subscribers after `after` (keyset by id), as plain rows: a pass pages through all of them. */
async function activeSubscribers(em: EntityManager, after: string | null, now: Date): Promise<PlanUser[]> {
  const rows: Array<Record<string, unknown>> = await (em as SqlEntityManager)
    .createQueryBuilder(User, 'u')
    .select(['u.id', 'u.email', 'u.timezone', 'u.preferences', 'u.subscription_tier', 'u.subscription_status'])
    // No cursor on the first page: ids are UUIDs, and PostgreSQL refuses '' as one.
    .where(after === null ? receiving(now) : { $and: [receiving(now), { id: { $gt: after } }] })
    .orderBy({ id: 'asc' })
    .limit(PAGE)
    .execute('all', false);
  return rows.map((r) => ({
    id: r.id as string,
    email: r.email as string,
    timezone: r.timezone as string,
    preferences: fromRow.json<User['preferences']>(r.preferences),
    subscriptionTier: (r.subscription_tier as Tier | null) ?? null,
    subscriptionStatus: r.subscription_status as string,
  }));
}

/** The daily or weekly row of a subscriber's slot, or none: on Mondays the weekly summary replaces the daily (307). */
function periodicRow(user: PlanUser, prefs: Preferences, slot: ReturnType<typeof latestSlot>): NewRow | null {
  const base = { userId: user.id, editionDate: slot.localDate, slot: '', scheduledFor: slot.at };
  if (prefs.weeklySummary && slot.weekday === WEEKLY_WEEKDAY) return { ...base, kind: 'weekly' };
  if (prefs.dailyDigest) return { ...base, kind: 'daily' };
  return null;
}

/**
 * Creates the outbox rows that are due at `now`: each active subscriber's daily digest once their local
 * delivery time has passed (within the catch-up window), the weekly summary on Mondays at the same hour
 * instead of that day's daily, and breaking alerts for stories reported by several outlets. A row is
 * created once: existing keys are skipped and the unique key settles races with another process.
 */
export async function planDeliveries(deps: DeliveryDeps, now: Date): Promise<PlanSummary> {
  const { orm, config } = deps;
  const em = orm.em.fork();
  const summary: PlanSummary = { daily: 0, weekly: 0, breaking: 0 };
  const suppressed = await suppressedAddresses(em);
  const catchUpMs = config.delivery.catchUpHours * HOUR;
  const leadMs = config.delivery.audioLeadMinutes * 60_000;
  let breaking: EditionStoryView[] | null = null;
  // Keyset paging by id, plain rows (no identity map to hold every subscriber of the pass).
  let after: string | null = null;
  for (;;) {
    const users = await activeSubscribers(em, after, now);
    if (!users.length) break;
    after = users[users.length - 1]!.id;
    const rows: NewRow[] = [];
    const breakingUsers: PlanUser[] = [];
    for (const user of users) {
      if (suppressed.has(user.email)) continue;
      const prefs = mergePreferences(user.preferences, {});
      if (prefs.dailyDigest || prefs.weeklySummary) {
        const slot = latestSlot(now, user.timezone, prefs.deliveryTime);
        // On Mondays the weekly summary replaces the daily brief: one email, never the same story twice
        // in the same minute; the next daily carries what the weekly left out (docs/decisions/307).
        const row = now.getTime() - slot.at.getTime() <= catchUpMs ? periodicRow(user, prefs, slot) : null;
        if (row) rows.push(row);
        // A listener's next digest is planned (and so composed) ahead of its hour, for the audio job to have
        // its episode ready when the email goes at the hour (decision 408). Its window ends now.
        if (leadMs > 0 && hasPremiumAccess(user) && prefs.audio.enabled) {
          const next = latestSlot(new Date(now.getTime() + leadMs), user.timezone, prefs.deliveryTime);
          const ahead = next.at > now ? periodicRow(user, prefs, next) : null;
          if (ahead) rows.push({ ...ahead, windowEnd: now });
        }
      }
      if (prefs.breakingNews && config.delivery.breaking.maxPerDay > 0) breakingUsers.push(user);
    }
    if (breakingUsers.length) {
      breaking ??= await breakingCandidates(deps, now);
      if (breaking.length) rows.push(...(await planBreaking(deps, now, breakingUsers, breaking)));
    }
    const created = await insertNew(deps, rows, now);
    for (const row of created) summary[row.kind]++;
  }
  return summary;
}

/**
 * Stories first published within the breaking window, known to us by now and already reported by enough
 * independent outlets. Publication time, not ingest time: an alert is for fresh news, and a story an
 * ingest pass only now picked up from a source's backlog is not breaking (docs/decisions/304).
 */
async function breakingCandidates(deps: DeliveryDeps, now: Date): Promise<EditionStoryView[]> {
  const { windowHours, minSources } = deps.config.delivery.breaking;
  const edition = await deps.editions.build({ from: new Date(now.getTime() - windowHours * HOUR), to: now, by: 'published' }, 'daily');
  return edition.filter((s) => s.corroboration >= minSources);
}

async function planBreaking(deps: DeliveryDeps, now: Date, users: PlanUser[], candidates: EditionStoryView[]): Promise<NewRow[]> {
  const em = deps.orm.em.fork();
  const userIds = users.map((u) => u.id);
  const storyIds = candidates.map((s) => s.id);
  const today = new Map(users.map((u) => [u.id, localDate(now, u.timezone)]));
  const seen = new Set<string>();
  // Any digest that already carried a candidate (only digests composed since it became known can).
  const since = new Date(Math.min(...candidates.map((s) => s.ingestedAt.getTime())) - HOUR);
  for (const [user, stories] of await receivedStories(em, userIds, since)) {
    for (const storyId of stories.keys()) seen.add(`${user}|${storyId}`);
  }
  const alerted = await em.find(
    Delivery,
    {
      user: { $in: userIds },
      kind: 'breaking',
      $or: [{ slot: { $in: storyIds } }, { editionDate: { $in: [...new Set(today.values())] } }],
    },
    { fields: ['user', 'slot', 'editionDate'] },
  );
  const usedToday = new Map<string, number>();
  for (const d of alerted) {
    seen.add(`${d.user.id}|${d.slot}`);
    if (today.get(d.user.id) === d.editionDate) usedToday.set(d.user.id, (usedToday.get(d.user.id) ?? 0) + 1);
  }
  const rows: NewRow[] = [];
  for (const user of users) {
    const prefs = mergePreferences(user.preferences, {});
    let used = usedToday.get(user.id) ?? 0;
    for (const story of candidates) {
      if (used >= deps.config.delivery.breaking.maxPerDay) break;
      if (!inInterests(story, prefs.interests) || seen.has(`${user.id}|${story.id}`)) continue;
      rows.push({ userId: user.id, kind: 'breaking', editionDate: today.get(user.id)!, slot: story.id, scheduledFor: now });
      used++;
    }
  }
  return rows;
}

async function insertNew(deps: DeliveryDeps, rows: NewRow[], now: Date): Promise<NewRow[]> {
  if (!rows.length) return [];
  const em = deps.orm.em.fork();
  const found: Array<Record<string, unknown>> = await (em as unknown as SqlEntityManager)
    .createQueryBuilder(Delivery, 'd')
    .select(['d.user_id', 'd.kind', 'd.edition_date', 'd.slot'])
    .where({ user: { $in: [...new Set(rows.map((r) => r.userId))] }, editionDate: { $in: [...new Set(rows.map((r) => r.editionDate))] } })
    .execute('all', false);
  const existing = new Set(found.map((d) => rowKey(d.user_id as string, d.kind as DigestKind, d.edition_date as string, d.slot as string)));
  const fresh = rows.filter((r) => !existing.has(rowKey(r.userId, r.kind, r.editionDate, r.slot)));
  for (const chunk of perStatement(fresh)) {
    const values = chunk.map((r) => {
      const id = randomUUID();
      return {
        id,
        user: r.userId,
        kind: r.kind,
        editionDate: r.editionDate,
        slot: r.slot,
        scheduledFor: r.scheduledFor,
        windowEnd: r.windowEnd ?? null,
        state: 'pending' as const,
        messageId: messageIdFor(id, deps.config.publicUrl),
        attempts: 0,
        // A row planned ahead is composed now and sent at its hour.
        nextAttemptAt: r.scheduledFor > now ? r.scheduledFor : now,
        createdAt: now,
        updatedAt: now,
      };
    });
    await (em as unknown as SqlEntityManager)
      .createQueryBuilder(Delivery)
      .insert(values)
      .onConflict(['user', 'kind', 'editionDate', 'slot'])
      .ignore()
      .execute();
  }
  return fresh;
}

/** Stable per outbox row, so a resend of the same row carries the same Message-ID. */
function messageIdFor(deliveryId: string, publicUrl: string): string {
  return `<${deliveryId}@${new URL(publicUrl).hostname || 'dcbrief.local'}>`;
}
