import type { Context, Next } from 'koa';
import { RateLimiterMemory, RateLimiterPostgres, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { RATE_LIMIT_TABLE } from './rate-limit-table.js';
import { tooManyRequests } from '../errors.js';

/** The table the PostgreSQL store keeps its counters in (rate-limit-table.ts). */
export { RATE_LIMIT_TABLE };

export interface Limit {
  points: number;
  durationSec: number;
}

/**
 * Where the counters live. `memory`: this process (one machine). `postgres`: the shared database's
 * `rate_limits` table (migration), so several servers count one budget per client (decision 005).
 */
export type RateLimitStore = { kind: 'memory' } | { kind: 'postgres'; knex: unknown };

/** A named counter of requests per key. */
export class RateLimit {
  private readonly limiter: RateLimiterAbstract;

  constructor(
    private readonly name: string,
    limit: Limit,
    private readonly message: string,
    store: RateLimitStore = { kind: 'memory' },
  ) {
    const options = { keyPrefix: name, points: limit.points, duration: limit.durationSec };
    this.limiter =
      store.kind === 'postgres'
        ? new RateLimiterPostgres({
            ...options,
            storeClient: store.knex,
            storeType: 'knex',
            tableName: RATE_LIMIT_TABLE,
            tableCreated: true,
            clearExpiredByTimeout: true,
            // If the database cannot answer, count in memory rather than refuse every sign-in.
            insuranceLimiter: new RateLimiterMemory(options),
          })
        : new RateLimiterMemory(options);
  }

  /** Counts one request for `key`; throws a 429 with Retry-After when the budget is spent. */
  async consume(key: string): Promise<void> {
    try {
      await this.limiter.consume(key);
    } catch (res) {
      if (res instanceof RateLimiterRes) throw tooManyRequests(this.message, res.msBeforeNext / 1000);
      throw res;
    }
  }

  /** Throws the 429 when `key` has no point left, without counting one (for budgets spent only by failures). */
  async check(key: string): Promise<void> {
    const res = await this.limiter.get(key);
    if (res && res.remainingPoints <= 0) throw tooManyRequests(this.message, res.msBeforeNext / 1000);
  }
}

/** Middleware form: one request from the client address counts one point. */
export function rateLimitByIp(limit: RateLimit) {
  return async function limitByIp(ctx: Context, next: Next) {
    await limit.consume(ctx.ip);
    await next();
  };
}
