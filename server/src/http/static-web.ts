import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Context, Next } from 'koa';
import serve from 'koa-static';

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (no-cache) for every other
 * GET outside /api, where the web router decides what to show (its 404 screen included).
 */
export function serveWebApp(webDir: string) {
  const indexFile = path.join(webDir, 'index.html');
  const assets = serve(webDir, {
    index: false,
    gzip: true,
    setHeaders: (res, file) => {
      res.setHeader(
        'Cache-Control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
    },
  });
  let cachedIndex: string | null = null;
  const readIndex = () => (cachedIndex ??= existsSync(indexFile) ? readFileSync(indexFile, 'utf8') : null);

  return async function webApp(ctx: Context, next: Next) {
    if (ctx.path.startsWith('/api/') || ctx.path === '/api') return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return next();
    await assets(ctx, async () => {});
    if (ctx.body !== undefined && ctx.body !== null) return;
    const index = readIndex();
    if (!index) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet. Run `npm run build` (npm start does it for you).';
      return;
    }
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = index;
  };
}
