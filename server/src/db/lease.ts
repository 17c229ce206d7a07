import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { EntitySchema, type EntityManager } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/knex';

/**
 * A named lease in the database: at most one holder at a time across every process that shares it (the
 * servers' schedules, an operator's CLI run), until it is released or runs out (its holder presumed dead).
 */
export class JobLease {
  name!: string;
  owner!: string;
  until!: Date;
}

export const JobLeaseSchema = new EntitySchema<JobLease>({
  class: JobLease,
  tableName: 'job_leases',
  properties: {
    name: { type: 'string', length: 64, primary: true },
    owner: { type: 'string', length: 100 },
    until: { type: 'datetime' },
  },
});

export interface LeaseHolder {
  owner: string;
  until: Date;
}

/**
 * Who holds a lease: host (its first 20 characters), pid and a random tag, so two runs of one process differ.
 * At most 40 characters; the outbox's claims use it too (`deliveries.lease_owner`).
 */
export function leaseOwner(): string {
  return `${hostname().slice(0, 20)}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

/**
 * Runs `fn` holding the lease `name` for at most `ttlMs` from `now`; the lease is released when `fn` ends.
 * If another live holder has it, `fn` does not run and the holder is returned. The take is one conditional
 * write (insert if absent, else take over only an expired lease), so two processes never both win.
 */
export async function withLease<T>(
  em: EntityManager,
  name: string,
  ttlMs: number,
  now: Date,
  fn: () => Promise<T>,
): Promise<{ ran: true; value: T } | { ran: false; holder: LeaseHolder | null }> {
  const owner = leaseOwner();
  const until = new Date(now.getTime() + ttlMs);
  await (em as SqlEntityManager).createQueryBuilder(JobLease).insert({ name, owner, until }).onConflict('name').ignore().execute();
  const taken = await em.nativeUpdate(JobLease, { name, $or: [{ owner }, { until: { $lt: now } }] }, { owner, until });
  if (!taken) {
    const holder = await em.findOne(JobLease, { name }, { disableIdentityMap: true });
    return { ran: false, holder: holder ? { owner: holder.owner, until: holder.until } : null };
  }
  try {
    return { ran: true, value: await fn() };
  } finally {
    await em.nativeDelete(JobLease, { name, owner });
  }
}
