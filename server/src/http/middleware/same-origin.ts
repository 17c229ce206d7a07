import type { Context, Next } from 'koa';
import { forbidden } from '../errors.js';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Refuses state-changing requests that a browser sent from another site (CSRF defence in depth,
 * beside SameSite cookies and JSON-only bodies). Requests without Origin (servers, curl) pass.
 */
export function sameOrigin({ publicUrl, exempt = [] }: { publicUrl: string; exempt?: string[] }) {
  const allowed = new URL(publicUrl).origin;
  return async function checkOrigin(ctx: Context, next: Next) {
    const origin = ctx.get('Origin');
    if (origin && UNSAFE.has(ctx.method) && !exempt.includes(ctx.path)) {
      const own = `${ctx.protocol}://${ctx.host}`;
      if (origin !== allowed && origin !== own) throw forbidden('Cross-site request refused');
    }
    await next();
  };
}
