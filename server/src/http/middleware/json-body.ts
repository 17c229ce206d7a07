import { bodyParser } from '@koa/bodyparser';
import type { Context, Next } from 'koa';
import { HttpError } from '../errors.js';

export const BODY_LIMIT = '32kb';

/** The methods whose body is read (@koa/bodyparser's `parsedMethods` default). */
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** JSON (and the sign-in page's form posts) up to a small limit; the raw text is kept for webhook signatures. */
export function parseBody({ rawPaths = [] }: { rawPaths?: string[] } = {}) {
  const parse = bodyParser({
    enableTypes: ['json', 'form'],
    jsonLimit: BODY_LIMIT,
    formLimit: BODY_LIMIT,
    encoding: 'utf-8',
    jsonStrict: false,
    onError: (err: Error & { status?: number }) => {
      const status = err.status ?? 400;
      if (status === 413) throw new HttpError(413, 'Request body is too large');
      throw new HttpError(400, 'Request body is not valid JSON');
    },
  });
  // Only writes carry a body (the parser's own rule): other requests go on without a promise of their own.
  return function parseRequestBody(ctx: Context, next: Next) {
    if (!BODY_METHODS.has(ctx.method) || rawPaths.includes(ctx.path)) return next();
    return parse(ctx, next);
  };
}

/**
 * API writes take JSON only: another content type is a 415, so a cross-site HTML form cannot post to them.
 * An empty body is read as `{}` (the spec sends bodies only when one exists).
 */
export function requireJson({ formPaths = [] }: { formPaths?: string[] } = {}) {
  return function onlyJson(ctx: Context, next: Next) {
    if (BODY_METHODS.has(ctx.method) && ctx.path.startsWith('/api/')) {
      const types = formPaths.includes(ctx.path) ? ['json', 'urlencoded'] : ['json'];
      // ctx.is() is null when there is no body, false when the body has another type.
      if (ctx.is(types) === false) throw new HttpError(415, 'Content-Type must be application/json');
    }
    return next();
  };
}
