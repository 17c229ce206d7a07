import type { EntityManager, FilterQuery } from '@mikro-orm/core';
import { Delivery, DELIVERY_STATES, type DeliveryState } from './delivery.entity.js';

/**
 * Rows whose lease ran out while `sending`: the process died somewhere between claiming and recording.
 * The SMTP server may or may not have accepted the message, so the row is not resent blindly: it becomes
 * `uncertain` for the operator to resolve (docs/decisions/301).
 */
export async function markAbandonedUncertain(em: EntityManager, now: Date): Promise<number> {
  return em.nativeUpdate(
    Delivery,
    { state: 'sending', leaseUntil: { $lt: now } },
    { state: 'uncertain', lastError: 'The sending process stopped before recording the outcome; resolve with npm run deliver -- --resolve', updatedAt: now },
  );
}

export interface OutboxStatus {
  counts: Record<DeliveryState, number>;
  /** Rows that need the operator: failed after every retry, or uncertain after a crash. */
  attention: Array<{ id: string; email: string; kind: string; date: string; state: DeliveryState; attempts: number; messageId: string; lastError: string | null }>;
  /** Rows waiting for a retry. */
  retrying: number;
}

export async function outboxStatus(em: EntityManager, limit = 50): Promise<OutboxStatus> {
  const counts = Object.fromEntries(DELIVERY_STATES.map((s) => [s, 0])) as Record<DeliveryState, number>;
  for (const state of DELIVERY_STATES) counts[state] = await em.count(Delivery, { state });
  const rows = await em.find(Delivery, { state: { $in: ['failed', 'uncertain'] } }, { populate: ['user'], orderBy: { updatedAt: 'desc' }, limit });
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
 * `sent` (the provider's log shows it left), `resend` (back to pending with the same Message-ID, a fresh
 * retry budget) or `cancel`.
 */
export async function resolveRows(em: EntityManager, target: string, as: Resolution, now: Date): Promise<number> {
  const where: FilterQuery<Delivery> = target === 'uncertain' || target === 'failed' ? { state: target as DeliveryState } : { id: target, state: { $in: ['failed', 'uncertain'] as DeliveryState[] } };
  const note = `Resolved by the operator as ${as} at ${now.toISOString()}`;
  if (as === 'sent') return em.nativeUpdate(Delivery, where, { state: 'sent', sentAt: now, lastError: note, leaseOwner: null, leaseUntil: null, updatedAt: now });
  if (as === 'cancel') return em.nativeUpdate(Delivery, where, { state: 'cancelled', lastError: note, leaseOwner: null, leaseUntil: null, updatedAt: now });
  return em.nativeUpdate(Delivery, where, { state: 'pending', attempts: 0, nextAttemptAt: now, lastError: note, leaseOwner: null, leaseUntil: null, updatedAt: now });
}
