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
  const api: ReadonlyArray<readonly [string, string]> = [
    ...API_HEADERS,
    ...(https ? headers.filter(([name]) => name.toLowerCase() === 'strict-transport-security') : []),
  ];
  const documentHeaders = (ctx: Context) => {
    const res = ctx.res;
    for (const [name, value] of headers) res.setHeader(name, value);
    for (const name of removed) res.removeHeader(name);
    ctx.state[DOCUMENT] = true;
  };
  return async function securityHeaders(ctx: Context, next: Next) {
    if (computed) {
      await computed;
      computed = null;
    }
    const path = ctx.path;
    const isApi = path === '/api' || path.startsWith('/api/');
    if (isApi) {
      const res = ctx.res;
      for (const [name, value] of api) res.setHeader(name, value);
      ctx.state[APPLY_DOCUMENT] = documentHeaders;
    } else {
      documentHeaders(ctx);
      return next();
    }
    let failed = true;
    try {
      await next();
      failed = false;
    } finally {
      // An API path that answered a page (the email links' pages, the sign-in page, the podcast feed) gets a
      // page's headers; a failure always answers JSON (error-handler.ts).
      if (!failed && !ctx.state[DOCUMENT] && isDocumentType(ctx.response.get('Content-Type'))) documentHeaders(ctx);
      // What the API answers is someone's (their digests, their account), errors included: no shared cache, no disk cache.
      const cacheControl = ctx.response.get('Cache-Control');
      if (!cacheControl || cacheControl === 'no-store') ctx.set('Cache-Control', 'private, no-store');
    }
  };
}

/**
 * What an API answer that is not a page carries (OWASP REST Security Cheat Sheet): no content sniffing, nothing
 * loads or frames it if it is opened as a document, no other site reads it. The page headers (the CSP that
 * allows Stripe, Permissions-Policy, Referrer-Policy, COOP, ...) govern documents and their subresources, and
 * JSON is neither; sending them on every API answer cost about a kilobyte a response (docs/decisions/526).
 */
export const API_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Cross-Origin-Resource-Policy', 'same-origin'],
];

const DOCUMENT = Symbol('page headers applied');
const APPLY_DOCUMENT = Symbol('apply page headers');

declare module 'koa' {
  interface DefaultState {
    [DOCUMENT]?: boolean;
    [APPLY_DOCUMENT]?: (ctx: Context) => void;
  }
}

/** Types a browser renders as a page (and runs scripts in): they get the page headers. */
function isDocumentType(contentType: string | undefined): boolean {
  if (!contentType) return false;
  const type = contentType.split(';', 1)[0]!.trim().toLowerCase();
  return type === 'text/html' || type === 'text/xml' || type === 'application/xml' || type.endsWith('+xml');
}

/**
 * For an API route that answers a page and adjusts its headers (the email links' CSP with its script's hash):
 * the page headers now, before the route reads them. Other pages get them when they answer.
 */
export function usePageHeaders(ctx: Context): void {
  const apply = ctx.state[APPLY_DOCUMENT];
  if (apply && !ctx.state[DOCUMENT]) apply(ctx);
}
