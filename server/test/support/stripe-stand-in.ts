import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';

/**
 * A local stand-in for the parts of Stripe's API that DC Brief calls, answering the `stripe` SDK with
 * Stripe-shaped objects: customers, prices (by id or lookup key), subscriptions (create with trial or payment
 * due, list, retrieve, cancel) with `expand`, billing-portal sessions, and idempotency keys as Stripe honours
 * them. It records every request so tests check what the product sends. Tests can also hold answers back (to
 * interleave two requests deterministically), inject Stripe's errors, and revoke API keys.
 */
export interface RecordedRequest {
  method: string;
  path: string;
  params: Record<string, unknown>;
  idempotencyKey: string | null;
}

type Obj = Record<string, unknown> & { id: string };

export interface StripeStandIn {
  url: string;
  requests: RecordedRequest[];
  customers: Map<string, Obj>;
  subscriptions: Map<string, Obj>;
  /** Requests to a path (and method), e.g. created('POST', '/v1/subscriptions'). */
  calls(method: string, path: string): RecordedRequest[];
  /** The customer completes the Payment Element on a trial: the setup intent succeeds, the card becomes the default. */
  confirmSetup(subscriptionId: string): Obj;
  /** Stripe moves a subscription to another state, as it would on payment, failure or cancellation. */
  update(subscriptionId: string, patch: Record<string, unknown>): Obj;
  /** An event payload as Stripe sends it, carrying a snapshot of the object. */
  event(type: string, object: Obj, options?: { id?: string; created?: number }): string;
  /**
   * Holds back the answers to the next `count` requests matching method and path: each answer is computed when
   * its request arrives (a snapshot of that moment) and sent on release(). `arrived` resolves once all are in.
   */
  hold(method: string, path: string | RegExp, count?: number): Hold;
  /** The next `times` requests matching method and path fail with this Stripe error instead of being answered. */
  failNext(method: string, path: string | RegExp, error: InjectedError, times?: number): void;
  close(): Promise<void>;
}

export interface Hold {
  arrived: Promise<void>;
  release(): void;
}

export interface InjectedError {
  status: number;
  type: string;
  message: string;
  code?: string;
  param?: string;
  headers?: Record<string, string>;
}

const matches = (pattern: string | RegExp, path: string) => (typeof pattern === 'string' ? pattern === path : pattern.test(path));

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

/** The two plans' monthly prices as the operator creates them in Stripe (lookup keys the server looks prices up by). */
export const TEST_PRICES = [
  { id: 'price_basic_test', lookup_key: 'dcbrief_basic_monthly', unit_amount: 2900 },
  { id: 'price_premium_test', lookup_key: 'dcbrief_premium_monthly', unit_amount: 7900 },
];

export async function startStripeStandIn(options: {
  prices: Array<{ id: string; lookup_key: string; unit_amount: number }>;
  /** Secret keys Stripe refuses with 401 (a rolled or mistyped key). */
  revokedKeys?: string[];
  /** Stripe's clock (a test clock, as Stripe's own test clocks move a customer's time); the real time by default. */
  clock?: { now(): Date };
}): Promise<StripeStandIn> {
  const now = () => Math.floor((options.clock?.now() ?? new Date()).getTime() / 1000);
  const requests: RecordedRequest[] = [];
  const holds: Array<{ method: string; path: string | RegExp; left: number; arrived: () => void; released: Promise<void> }> = [];
  const failures: Array<{ method: string; path: string | RegExp; error: InjectedError; left: number }> = [];
  const customers = new Map<string, Obj>();
  const subscriptions = new Map<string, Obj>();
  const prices = new Map(
    options.prices.map((p) => [p.id, { object: 'price', active: true, currency: 'usd', recurring: { interval: 'month' }, ...p }]),
  );
  const idempotent = new Map<string, { hash: string; status: number; body: unknown }>();

  function priceObj(priceId: string) {
    const price = prices.get(priceId);
    if (!price) throw new StripeError(400, 'invalid_request_error', `No such price: '${priceId}'`);
    return price;
  }

  const liveCustomer = (customerId: string) => {
    const customer = customers.get(customerId);
    return customer && !customer.deleted ? customer : undefined;
  };

  function createSubscription(params: Record<string, any>): Obj {
    const customer = String(params.customer ?? '');
    if (!liveCustomer(customer)) throw new StripeError(400, 'invalid_request_error', `No such customer: '${customer}'`);
    const price = priceObj(String(params.items?.[0]?.price ?? ''));
    const created = now();
    const trialEnd = trialEndOf(params, created);
    const subId = id('sub');
    const trialing = trialEnd !== null;
    const sub: Obj = {
      id: subId,
      object: 'subscription',
      customer,
      status: trialing ? 'trialing' : 'incomplete',
      created,
      trial_start: trialing ? created : null,
      trial_end: trialEnd,
      default_payment_method: null,
      metadata: params.metadata ?? {},
      payment_settings: params.payment_settings ?? null,
      cancel_at_period_end: false,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            price,
            quantity: 1,
            current_period_start: created,
            // A trial is the subscription's first period: it ends with the trial.
            current_period_end: trialEnd ?? created + 30 * 86400,
          },
        ],
      },
      pending_setup_intent: trialing
        ? { id: id('seti'), object: 'setup_intent', status: 'requires_payment_method', customer, payment_method: null, client_secret: '' }
        : null,
      latest_invoice: {
        id: id('in'),
        object: 'invoice',
        customer,
        status: trialing ? 'paid' : 'open',
        amount_due: trialing ? 0 : price.unit_amount,
        parent: { type: 'subscription_details', subscription_details: { subscription: subId } },
        confirmation_secret: trialing
          ? null
          : { type: 'payment_intent', client_secret: `${id('pi')}_secret_${randomBytes(8).toString('hex')}` },
      },
    };
    const setup = sub.pending_setup_intent as Obj | null;
    if (setup) setup.client_secret = `${setup.id}_secret_${randomBytes(8).toString('hex')}`;
    subscriptions.set(subId, sub);
    return sub;
  }

  /**
   * The trial's end as Stripe reads the create parameters: `trial_period_days` from now, or `trial_end` (a Unix
   * time, or 'now' for none), never both; `trial_end` must be in the future and at most two years away.
   */
  function trialEndOf(params: Record<string, any>, created: number): number | null {
    const days = params.trial_period_days !== undefined ? Number(params.trial_period_days) : null;
    const end = params.trial_end;
    if (days !== null && end !== undefined) {
      throw new StripeError(400, 'invalid_request_error', 'You may not pass both trial_end and trial_period_days.', undefined, 'trial_end');
    }
    if (days !== null) {
      if (!Number.isInteger(days) || days < 0 || days > 730)
        throw new StripeError(400, 'invalid_request_error', 'Invalid trial_period_days.', undefined, 'trial_period_days');
      return days > 0 ? created + days * 86400 : null;
    }
    if (end === undefined || end === 'now') return null;
    const at = Number(end);
    if (!/^\d+$/.test(String(end)) || at <= created) {
      throw new StripeError(
        400,
        'invalid_request_error',
        'Invalid timestamp: must be an integer Unix timestamp in the future.',
        undefined,
        'trial_end',
      );
    }
    if (at > created + 730 * 86400) {
      throw new StripeError(400, 'invalid_request_error', 'trial_end can be no more than two years in the future.', undefined, 'trial_end');
    }
    return at;
  }

  /** Stripe returns nested objects as ids unless the request expands them. */
  function render(obj: Obj, expand: string[], prefix = ''): Obj {
    const out: Obj = structuredClone(obj);
    for (const key of ['pending_setup_intent', 'latest_invoice']) {
      const value = out[key] as Obj | null;
      if (!value) continue;
      const path = prefix + key;
      const expanded = expand.some((e) => e === path || e.startsWith(`${path}.`));
      if (!expanded) out[key] = value.id;
      else if (key === 'latest_invoice' && !expand.includes(`${path}.confirmation_secret`)) delete (out[key] as Obj).confirmation_secret;
    }
    return out;
  }

  function route(method: string, path: string, params: Record<string, any>): [number, unknown] {
    const expand: string[] = Array.isArray(params.expand) ? params.expand.map(String) : [];
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/customers') {
      const customer: Obj = {
        id: id('cus'),
        object: 'customer',
        email: params.email ?? null,
        name: params.name ?? null,
        metadata: params.metadata ?? {},
        created: now(),
      };
      customers.set(customer.id, customer);
      return [200, customer];
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/customers\/([\w]+)$/))) {
      const customer = customers.get(m[1]!);
      if (!customer) throw new StripeError(404, 'invalid_request_error', `No such customer: '${m[1]}'`, 'resource_missing');
      return [200, customer];
    }
    // As Stripe: a deleted customer reads as `{ id, object, deleted: true }`, its subscriptions end at once, and
    // deleting it again is "No such customer".
    if (method === 'DELETE' && (m = path.match(/^\/v1\/customers\/([\w]+)$/))) {
      const customer = customers.get(m[1]!);
      if (!customer || customer.deleted)
        throw new StripeError(404, 'invalid_request_error', `No such customer: '${m[1]}'`, 'resource_missing');
      for (const sub of subscriptions.values()) {
        if (sub.customer === customer.id && !['canceled', 'incomplete_expired'].includes(String(sub.status)))
          Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
      }
      const gone = { id: customer.id, object: 'customer', deleted: true };
      customers.set(customer.id, gone);
      return [200, gone];
    }
    if (method === 'GET' && path === '/v1/prices') {
      const keys: string[] = Array.isArray(params.lookup_keys) ? params.lookup_keys : [];
      const data = [...prices.values()].filter((p) => keys.includes(p.lookup_key));
      return [200, { object: 'list', data, has_more: false, url: '/v1/prices' }];
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/prices\/([\w]+)$/))) {
      const price = prices.get(m[1]!);
      if (!price) throw new StripeError(404, 'invalid_request_error', `No such price: '${m[1]}'`, 'resource_missing');
      return [200, price];
    }
    if (method === 'POST' && path === '/v1/subscriptions') return [200, render(createSubscription(params), expand)];
    if (method === 'GET' && path === '/v1/subscriptions') {
      const status = String(params.status ?? 'active');
      const data = [...subscriptions.values()]
        .filter((s) => (!params.customer || s.customer === params.customer) && (status === 'all' ? true : s.status === status))
        .sort((a, b) => Number(b.created) - Number(a.created))
        .map((s) =>
          render(
            s,
            expand.map((e) => e.replace(/^data\./, '')),
          ),
        );
      return [200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' }];
    }
    if ((m = path.match(/^\/v1\/subscriptions\/([\w]+)$/))) {
      const sub = subscriptions.get(m[1]!);
      if (!sub) throw new StripeError(404, 'invalid_request_error', `No such subscription: '${m[1]}'`, 'resource_missing');
      if (method === 'GET') return [200, render(sub, expand)];
      if (method === 'DELETE') {
        Object.assign(sub, { status: 'canceled', canceled_at: now(), ended_at: now() });
        return [200, render(sub, expand)];
      }
    }
    // What Stripe.js calls from the browser when the Payment Element is submitted (publishable key auth).
    if (method === 'POST' && (m = path.match(/^\/v1\/(setup_intents|payment_intents)\/(\w+?)\/confirm$/))) {
      const intentId = m[2]!;
      const sub = [...subscriptions.values()].find((s) => {
        const setup = s.pending_setup_intent as Obj | null;
        const invoice = s.latest_invoice as { confirmation_secret?: { client_secret: string } | null } | null;
        return setup?.id === intentId || invoice?.confirmation_secret?.client_secret.startsWith(`${intentId}_secret_`);
      });
      if (!sub)
        throw new StripeError(
          404,
          'invalid_request_error',
          `No such ${m[1] === 'setup_intents' ? 'setupintent' : 'payment_intent'}: '${intentId}'`,
          'resource_missing',
        );
      const card = String((params.payment_method_data as { card?: { number?: string } } | undefined)?.card?.number ?? '4242424242424242');
      if (card === '4000000000000002') throw new StripeError(402, 'card_error', 'Your card was declined.', 'card_declined');
      confirm(sub);
      return [200, { id: intentId, object: m[1] === 'setup_intents' ? 'setup_intent' : 'payment_intent', status: 'succeeded' }];
    }
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!liveCustomer(String(params.customer)))
        throw new StripeError(400, 'invalid_request_error', `No such customer: '${params.customer}'`);
      return [
        200,
        {
          id: id('bps'),
          object: 'billing_portal.session',
          customer: params.customer,
          return_url: params.return_url,
          url: `https://billing.stripe.com/p/session/test_${randomBytes(10).toString('hex')}`,
        },
      ];
    }
    throw new StripeError(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const params = qs.parse(req.method === 'GET' || req.method === 'DELETE' ? url.search.slice(1) : body, {
      depth: 10,
      arrayLimit: 100,
    }) as Record<string, any>;
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    requests.push({ method: req.method!, path: url.pathname, params, idempotencyKey: key });
    const send = (status: number, payload: unknown, replayed = false) => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'request-id': id('req'),
        ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      });
      res.end(JSON.stringify(payload));
    };
    const browserCall = /^\/v1\/(setup_intents|payment_intents)\/\w+\/confirm$/.test(url.pathname);
    const auth = req.headers.authorization ?? '';
    const revoked = (options.revokedKeys ?? []).some((k) => auth === `Bearer ${k}`);
    if (revoked || !/^Bearer (sk|pk)_(test|live)_\w+/.test(auth) || (!browserCall && /^Bearer pk_/.test(auth))) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    const failure = failures.find((f) => f.left > 0 && f.method === req.method && matches(f.path, url.pathname));
    if (failure) {
      failure.left -= 1;
      const { status, type, message, code, param, headers = {} } = failure.error;
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req'), ...headers });
      return res.end(JSON.stringify({ error: { type, message, code, param } }));
    }
    const hold = holds.find((h) => h.left > 0 && h.method === req.method && matches(h.path, url.pathname));
    if (hold) {
      hold.left -= 1;
      if (hold.left === 0) hold.arrived();
    }
    const hash = createHash('sha256').update(`${req.method} ${url.pathname} ${body}`).digest('hex');
    if (key && req.method === 'POST') {
      const seen = idempotent.get(key);
      if (seen) {
        if (seen.hash !== hash) {
          return send(400, {
            error: {
              type: 'idempotency_error',
              message: 'Keys for idempotent requests can only be used with the same parameters they were first used with.',
            },
          });
        }
        return send(seen.status, seen.body, true);
      }
    }
    let status: number;
    let payload: unknown;
    try {
      [status, payload] = route(req.method!, url.pathname, params);
      if (key && req.method === 'POST') idempotent.set(key, { hash, status, body: payload });
    } catch (err) {
      if (err instanceof StripeError)
        [status, payload] = [err.status, { error: { type: err.type, message: err.message, code: err.code, param: err.param } }];
      else [status, payload] = [500, { error: { type: 'api_error', message: String(err) } }];
    }
    // A held answer is the state when the request arrived, delivered late: what a slow network does.
    if (hold) await hold.released;
    send(status, payload);
  }

  /** The customer completed the Payment Element: a trial's setup intent succeeds, or the first invoice is paid. */
  function confirm(sub: Obj): Obj {
    const pm = id('pm');
    const setup = sub.pending_setup_intent as Obj | null;
    if (setup) Object.assign(setup, { status: 'succeeded', payment_method: pm });
    sub.default_payment_method = pm;
    if (sub.status === 'incomplete') {
      sub.status = 'active';
      Object.assign(sub.latest_invoice as Obj, { status: 'paid', amount_paid: (sub.latest_invoice as Obj).amount_due });
    }
    return sub;
  }

  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    customers,
    subscriptions,
    calls: (method, path) => requests.filter((r) => r.method === method && r.path === path),
    confirmSetup: (subscriptionId) => confirm(subscriptions.get(subscriptionId)!),
    update(subscriptionId, patch) {
      const sub = subscriptions.get(subscriptionId)!;
      Object.assign(sub, patch);
      return sub;
    },
    event(type, object, opts = {}) {
      return JSON.stringify({
        id: opts.id ?? id('evt'),
        object: 'event',
        api_version: '2026-10-28.endive',
        created: opts.created ?? now(),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
        data: { object: render(object, []) },
      });
    },
    hold(method, path, count = 1) {
      let arrived!: () => void;
      let release!: () => void;
      const arrivedP = new Promise<void>((resolve) => (arrived = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.push({ method, path, left: count, arrived, released });
      return { arrived: arrivedP, release };
    },
    failNext(method, path, error, times = 1) {
      failures.push({ method, path, error, left: times });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

class StripeError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly code?: string,
    readonly param?: string,
  ) {
    super(message);
  }
}
