import type { Context, Next } from 'koa';
import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '../errors.js';

export interface Limit {
  points: number;
  durationSec: number;
}

/**
 * A named counter of requests per key. In memory by default; rate-limiter-flexible offers the same
 * interface over Redis or PostgreSQL for a deployment of several servers.
 */
export class RateLimit {
  private readonly limiter: RateLimiterMemory;

  constructor(
    private readonly name: string,
    limit: Limit,
    private readonly message: string,
  ) {
    this.limiter = new RateLimiterMemory({ keyPrefix: name, points: limit.points, duration: limit.durationSec });
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
}

/** Middleware form: one request from the client address counts one point. */
export function rateLimitByIp(limit: RateLimit) {
  return async function limitByIp(ctx: Context, next: Next) {
    await limit.consume(ctx.ip);
    await next();
  };
}
