import { raw, type EntityManager, type FilterQuery } from '@mikro-orm/core';
import { Digest } from '../modules/digests/digest.entity.js';
import { Delivery, DELIVERY_STATES, type DeliveryState } from './delivery.entity.js';

/**
 * Rows whose lease ran out while `sending`: the process died somewhere between claiming and recording.
 * The SMTP server may or may not have accepted the message, so the row is not resent blindly: it becomes
 * `uncertain` for the operator to resolve (docs/decisions/301). `realNow` is the real current time (the
 * Clock port's now()), never a pass's --now: leases are taken on the real clock, and a pass replaying the
 * past, or the future, must not take rows another process is sending right now for abandoned.
 */
export async function markAbandonedUncertain(em: EntityManager, realNow: Date): Promise<number> {
  return em.nativeUpdate(
    Delivery,
    { state: 'sending', leaseUntil: { $lt: realNow } },
    {
      state: 'uncertain',
      lastError: 'The sending process stopped before recording the outcome; resolve with npm run deliver -- --resolve',
      updatedAt: realNow,
    },
  );
}

export interface OutboxStatus {
  counts: Record<DeliveryState, number>;
  /** Rows that need the operator: failed after every retry, or uncertain after a crash. */
  attention: Array<{
    id: string;
    email: string;
    kind: string;
    date: string;
    state: DeliveryState;
    attempts: number;
    messageId: string;
    lastError: string | null;
  }>;
  /** Rows waiting for a retry. */
  retrying: number;
}

export async function outboxStatus(em: EntityManager, limit = 50): Promise<OutboxStatus> {
  const counts = Object.fromEntries(DELIVERY_STATES.map((s) => [s, 0])) as Record<DeliveryState, number>;
  for (const state of DELIVERY_STATES) counts[state] = await em.count(Delivery, { state });
  const rows = await em.find(
    Delivery,
    { state: { $in: ['failed', 'uncertain'] } },
    { populate: ['user'], orderBy: { updatedAt: 'desc' }, limit },
  );
  const retrying = await em.count(Delivery, { state: 'pending', attempts: { $gt: 0 } });
  return {
    counts,
    retrying,
    attention: rows.map((r) => ({
      id: r.id,
      email: r.user.email,
      kind: r.kind,
      date: r.editionDate,
      state: r.state,
      attempts: r.attempts,
      messageId: r.messageId,
      lastError: r.lastError,
    })),
  };
}

export const RESOLUTIONS = ['sent', 'resend', 'cancel'] as const;
export type Resolution = (typeof RESOLUTIONS)[number];

/**
 * The operator's word on failed or uncertain rows ("uncertain" and "failed" select every such row):
 * `sent` (the provider's log shows it left: the digest joins the subscriber's archive), `resend` (back to
 * pending with the same Message-ID, a fresh retry budget, due from its scheduled time) or `cancel`. A cancelled row releases its
 * digest's stories; a failed row brought back claims them again (docs/decisions/304, 306).
 */
export async function resolveRows(em: EntityManager, target: string, as: Resolution, now: Date): Promise<number> {
  const where: FilterQuery<Delivery> =
    target === 'uncertain' || target === 'failed'
      ? { state: target as DeliveryState }
      : { id: target, state: { $in: ['failed', 'uncertain'] as DeliveryState[] } };
  const note = `Resolved by the operator as ${as} at ${now.toISOString()}`;
  return em.transactional(async (tx) => {
    const ids = (await tx.find(Delivery, where, { fields: ['id'] })).map((d) => d.id);
    if (!ids.length) return 0;
    const these: FilterQuery<Delivery> = { id: { $in: ids }, state: { $in: ['failed', 'uncertain'] as DeliveryState[] } };
    const changes =
      as === 'sent'
        ? { state: 'sent' as const, sentAt: now, lastError: note, leaseOwner: null, leaseUntil: null, updatedAt: now }
        : as === 'cancel'
          ? { state: 'cancelled' as const, lastError: note, leaseOwner: null, leaseUntil: null, updatedAt: now }
          : {
              state: 'pending' as const,
              attempts: 0,
              // Due again from when it was owed, not from when the operator spoke: the time of whichever pass
              // takes it (the scheduler's, or a --now replaying the morning) decides, as for every other row.
              nextAttemptAt: raw('scheduled_for') as unknown as Date,
              lastError: note,
              leaseOwner: null,
              leaseUntil: null,
              updatedAt: now,
            };
    // A cancelled row's stories are free for a later digest; a row brought back holds its stories again
    // (received.ts reads both from the row's state).
    const n = await tx.nativeUpdate(Delivery, these, changes);
    if (as === 'sent') {
      const digestIds = (await tx.find(Delivery, { id: { $in: ids }, digest: { $ne: null } }, { fields: ['digest'] })).map(
        (d) => d.digest!.id,
      );
      if (digestIds.length) await tx.nativeUpdate(Digest, { id: { $in: digestIds }, sentAt: null }, { sentAt: now });
    }
    return n;
  });
}
