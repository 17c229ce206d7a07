import type { Context, Next } from 'koa';
import helmet from 'koa-helmet';

/**
 * Browser features the app never uses are off for it and anything it embeds; payment stays for Stripe's
 * frames (the Payment Element's wallets use the Payment Request API).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=(self "https://js.stripe.com")',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ');

/**
 * Helmet's headers with a CSP that still lets Stripe.js and the Payment Element work:
 * script and frames from js.stripe.com, 3-D Secure frames from hooks.stripe.com, calls to api.stripe.com.
 */
export function securityHeaders({ https }: { https: boolean }) {
  const helmetHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://*.stripe.com'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com', 'https://m.stripe.network'],
        frameSrc: ['https://js.stripe.com', 'https://hooks.stripe.com'],
        mediaSrc: ["'self'", 'blob:'],
        // The web app's service worker (/sw.js) and manifest, from this origin only (docs/decisions/610).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  // Helmet's headers depend on nothing in the request (no nonces): they are computed once here and then set as
  // they are on every answer, which saves helmet's dozen middlewares per request (measured in bench/api.ts).
  const headers: Array<[string, string]> = [['Permissions-Policy', PERMISSIONS_POLICY]];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void headers.push([name, String(value)]),
    removeHeader: (name: string) => void removed.push(name),
    getHeader: () => undefined,
  };
  let computed: Promise<unknown> | null = helmetHeaders({ req: {}, res: recorder } as unknown as Context, async () => {});
  return async function securityHeaders(ctx: Context, next: Next) {
    if (computed) {
      await computed;
      computed = null;
    }
    const res = ctx.res;
    for (const [name, value] of headers) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    try {
      await next();
    } finally {
      // What the API answers is someone's (their digests, their account), errors included: no shared cache, no disk cache.
      const cacheControl = ctx.response.get('Cache-Control');
      if ((ctx.path === '/api' || ctx.path.startsWith('/api/')) && (!cacheControl || cacheControl === 'no-store')) {
        ctx.set('Cache-Control', 'private, no-store');
      }
    }
  };
}
