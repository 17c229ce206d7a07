import type { Context, Next } from 'koa';
import { forbidden } from '../errors.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF defence in depth,
 * beside SameSite cookies and JSON-only bodies). Requests without Origin (servers, curl) pass.
 */
export function sameOrigin({ publicUrl, exempt = [] }: { publicUrl: string; exempt?: string[] }) {
  const allowed = new URL(publicUrl).origin;
  // Not async: a request that passes adds no promise of its own (every request passes here; bench/api.ts).
  return function checkOrigin(ctx: Context, next: Next) {
    if (UNSAFE.has(ctx.method)) {
      const origin = ctx.get('Origin');
      if (origin && !exempt.includes(ctx.path)) {
        const own = `${ctx.protocol}://${ctx.host}`;
        if (origin !== allowed && origin !== own) throw forbidden('Cross-site request refused');
      }
    }
    return next();
  };
}
