import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Stripe from 'stripe';
import { FORBIDDEN_CHARACTERS_MESSAGE } from '@dcbrief/shared';
import { addDigests } from './support/fixtures.js';
import { TestClient, type TestResponse } from './support/client.js';
import { startTestServer, type TestServer } from './support/harness.js';
import { captureLogs } from './support/log-capture.js';
import { signIn } from './support/users.js';

/**
 * Every write endpoint, sent what a hostile client sends (issue 15's probe): NUL, lone surrogates, CR/LF,
 * other control characters, 10,000-character strings, `__proto__` and `constructor` keys. Whatever comes back
 * is never a 5xx; a refusal writes nothing; no log line holds a value that was sent.
 */
const HOSTILE_STRINGS: Record<string, string> = {
  nul: 'a\u0000b',
  'lone high surrogate': 'a\ud800b',
  'lone low surrogate': '\udfffz',
  crlf: 'Ann\r\nBcc: victim@example.com',
  escape: 'Eve\u001b[2J\u001b]0;pwned\u0007',
  c1: 'next\u0085line',
  del: 'x\u007fy',
  bidi: 'abc\u202etxt.exe',
  'bidi isolate': 'Ann\u2067Lee\u2069',
  '10k ascii': 'x'.repeat(10_000),
  '10k emoji': '\u{1F600}'.repeat(5_000),
};
/** Bodies as raw JSON text: `JSON.stringify` would drop a `__proto__` key, a client need not. */
const PROTO_BODIES = (valid: Record<string, unknown>): string[] => {
  const inner = JSON.stringify(valid).slice(1, -1);
  return [
    `{"__proto__":{"admin":true,"isAdmin":true},${inner}}`,
    `{${inner},"constructor":{"prototype":{"admin":true}}}`,
    `{${inner},"__proto__":null}`,
    `{"__proto__":${JSON.stringify(valid)}}`,
  ];
};

const WEBHOOK_SECRET = 'whsec_hostile_input_test';
const DELIVERY_SECRET = 'delivery-webhook-secret-hostile';
const signer = new Stripe('sk_test_signing_only');

interface Endpoint {
  name: string;
  method: 'POST' | 'PUT';
  path: string;
  valid: Record<string, unknown>;
  /** Fields that carry text (each gets every hostile string). */
  textFields: string[];
  client: () => TestClient;
  headers?: (body: string) => Record<string, string>;
}

describe('hostile input on every write endpoint: no 5xx, no partial write, no value in the log', () => {
  let ts: TestServer;
  let subscriber: TestClient;
  let leaving: TestClient;
  let digestId: string;
  const logs = captureLogs('info');

  before(async () => {
    ts = await startTestServer({
      logger: logs.logger,
      env: { STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_SECRET_KEY: 'sk_test_hostile', DELIVERY_WEBHOOK_SECRET: DELIVERY_SECRET },
    });
    subscriber = await signIn(ts, 'hostile.subscriber@example.com');
    // Deleting an account is a write endpoint too; a valid body deletes this one, not the subscriber the others use.
    leaving = await signIn(ts, 'hostile.leaving@example.com');
    digestId = (await addDigests(ts.orm, 'hostile.subscriber@example.com', ['2026-11-21']))[0]!.id;
  });
  after(() => ts.close());

  /** Row counts and stored values a write could touch; compared before and after every refused request. */
  async function snapshot(): Promise<string> {
    await ts.accountMail.idle();
    const knex = ts.orm.em.getConnection() as unknown as { execute(sql: string): Promise<Array<Record<string, unknown>>> };
    const tables = ['waitlist_entries', 'waitlist_drafts', 'account_mails', 'feedback', 'login_tokens', 'stripe_events', 'users'];
    const parts: string[] = [];
    for (const table of tables) {
      const rows = await knex.execute(`select * from ${table} order by 1`);
      parts.push(`${table}:${JSON.stringify(rows.map((r) => ({ ...r, updated_at: undefined, last_seen_at: undefined })))}`);
    }
    return parts.join('\n');
  }

  const endpoints = (): Endpoint[] => [
    {
      name: 'waitlist draft',
      method: 'PUT',
      path: '/api/waitlist/draft',
      valid: { email: 'draft@example.com', firstName: 'Dee', lastName: 'Raft', phoneNumber: '+1 555' },
      textFields: ['email', 'firstName', 'lastName', 'phoneNumber'],
      client: () => new TestClient(ts.url),
    },
    {
      name: 'waitlist',
      method: 'POST',
      path: '/api/waitlist',
      valid: { email: 'joiner@example.com', firstName: 'Jo', lastName: 'Iner', phoneNumber: '+44 20 7946 0000' },
      textFields: ['email', 'firstName', 'lastName', 'phoneNumber'],
      client: () => new TestClient(ts.url),
    },
    {
      name: 'sign-in request',
      method: 'POST',
      path: '/api/login',
      valid: { email: 'hostile.subscriber@example.com', timezone: 'Europe/Paris' },
      textFields: ['email', 'timezone'],
      client: () => new TestClient(ts.url),
    },
    {
      name: 'preferences',
      method: 'POST',
      path: '/api/user/preferences',
      valid: { notes: 'Liquid cooling', timezone: 'Europe/Paris', interests: { security: true } },
      textFields: ['notes', 'timezone', 'deliveryTime', 'contentDepth'],
      client: () => subscriber,
    },
    {
      name: 'feedback',
      method: 'POST',
      path: '/api/feedback',
      valid: { digestId: '00000000-0000-4000-8000-000000000000', rating: 4, comment: 'Useful' },
      textFields: ['digestId', 'comment'],
      client: () => subscriber,
    },
    {
      name: 'create subscription',
      method: 'POST',
      path: '/api/create-subscription',
      valid: { tier: 'nonexistent' },
      textFields: ['tier'],
      client: () => subscriber,
    },
    {
      name: 'sign-in code',
      method: 'POST',
      path: '/api/login/code',
      valid: { email: 'nobody.code@example.com', code: '12345678', timezone: 'Europe/Paris', next: '/digests' },
      textFields: ['email', 'code', 'timezone', 'next'],
      client: () => new TestClient(ts.url),
    },
    {
      name: 'billing portal',
      method: 'POST',
      path: '/api/billing/portal',
      valid: {},
      textFields: [], // takes no body: only the prototype keys below
      client: () => subscriber,
    },
    {
      name: 'billing refresh',
      method: 'POST',
      path: '/api/billing/refresh',
      valid: {},
      textFields: [],
      client: () => subscriber,
    },
    {
      name: 'episode rating',
      method: 'PUT',
      path: '/api/audio/episodes/00000000-0000-4000-8000-000000000000/rating',
      valid: { rating: 4 },
      textFields: ['rating'],
      client: () => subscriber,
    },
    {
      name: 'episode position',
      method: 'PUT',
      path: '/api/audio/episodes/00000000-0000-4000-8000-000000000000/position',
      valid: { positionSec: 12 },
      textFields: ['positionSec'],
      client: () => subscriber,
    },
    {
      name: 'account deletion',
      method: 'POST',
      path: '/api/account/delete',
      valid: { confirm: true },
      textFields: ['confirm'],
      client: () => leaving,
    },
    {
      name: 'delivery webhook',
      method: 'POST',
      path: '/api/delivery/webhook',
      valid: { type: 'bounce', email: 'nobody-here@example.com', bounceType: 'transient', messageId: '<m@x>', detail: '450 later' },
      textFields: ['email', 'messageId', 'detail', 'type'],
      client: () => new TestClient(ts.url),
      headers: () => ({ authorization: `Bearer ${DELIVERY_SECRET}`, 'content-type': 'application/json' }),
    },
    {
      name: 'Stripe webhook (signed)',
      method: 'POST',
      path: '/api/stripe/webhook',
      valid: { id: 'evt_hostile', object: 'event', type: 'customer.subscription.updated', created: 1, data: { object: {} } },
      textFields: ['id', 'type'],
      client: () => new TestClient(ts.url),
      headers: (body) => ({
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload: body, secret: WEBHOOK_SECRET }),
      }),
    },
  ];

  async function send(endpoint: Endpoint, body: string): Promise<TestResponse> {
    const headers = endpoint.headers?.(body) ?? { 'content-type': 'application/json' };
    return endpoint.client().request(endpoint.method, endpoint.path, { body, headers });
  }

  /** Sends one body; a 5xx fails, and a refusal must leave every table as it was. */
  async function probe(endpoint: Endpoint, label: string, body: string) {
    const before = await snapshot();
    const res = await send(endpoint, body);
    const text = await res.text();
    assert.ok(res.status < 500, `${endpoint.name}, ${label}: ${res.status} ${text.slice(0, 200)}`);
    if (res.status >= 400) {
      assert.equal(JSON.parse(text).message.length > 0, true, `${endpoint.name}, ${label}: a {"message"} body`);
      assert.equal(await snapshot(), before, `${endpoint.name}, ${label}: refused, yet something was written`);
    }
    return res.status;
  }

  test('each text field, each hostile string', async () => {
    const statuses = new Map<string, number>();
    for (const endpoint of endpoints()) {
      for (const field of endpoint.textFields) {
        for (const [label, value] of Object.entries(HOSTILE_STRINGS)) {
          statuses.set(
            `${endpoint.name} ${field} ${label}`,
            await probe(endpoint, `${field}=${label}`, JSON.stringify({ ...endpoint.valid, [field]: value })),
          );
        }
      }
    }
    // What must be refused is refused (not merely "not a 5xx").
    for (const [key, status] of statuses) {
      if (/ (nul|lone high surrogate|lone low surrogate|escape|c1|del|bidi|bidi isolate)$/.test(key) && !/create subscription/.test(key))
        assert.ok(status >= 400, `${key}: ${status}, expected a refusal`);
    }
    assert.equal(statuses.get('waitlist firstName crlf'), 201, 'a line break in a name becomes a space');
  });

  test('__proto__ and constructor keys, top level and nested', async () => {
    for (const endpoint of endpoints()) {
      for (const [i, body] of PROTO_BODIES(endpoint.valid).entries()) await probe(endpoint, `proto body ${i}`, body);
    }
    await probe(endpoints()[3]!, 'nested proto', '{"interests":{"__proto__":{"security":false}},"audio":{"constructor":{"prototype":{}}}}');
    // Nothing leaked into the prototypes of this process's objects (the server runs in it).
    assert.equal(({} as Record<string, unknown>).admin, undefined);
    assert.equal(({} as Record<string, unknown>).isAdmin, undefined);
  });

  test('reads with hostile query strings and ids', async () => {
    // A lone surrogate has no UTF-8 form: in a URL it arrives as the bytes a careless encoder writes (CESU-8), or %FF.
    const encode = (value: string) => {
      try {
        return encodeURIComponent(value);
      } catch {
        return encodeURIComponent(value.replace(/[\ud800-\udfff]/g, '')) + '%ED%A0%80%FF';
      }
    };
    for (const [label, value] of Object.entries(HOSTILE_STRINGS)) {
      for (const path of [`/api/digests?q=${encode(value)}`, `/api/digests/${encode(value)}`]) {
        const res = await subscriber.get(path);
        assert.ok(res.status < 500, `${path.slice(0, 40)} (${label}): ${res.status}`);
      }
    }
    assert.equal((await subscriber.get(`/api/digests/${digestId}`)).status, 200, 'a real id still works');
  });

  test('hostile ids in write paths and hostile email-link tokens', async () => {
    for (const [label, value] of Object.entries(HOSTILE_STRINGS)) {
      if (label.includes('surrogate')) continue; // no UTF-8 form in a path (the read test sends their bytes)
      const id = encodeURIComponent(value);
      const writes: Array<[string, string, unknown]> = [
        ['PUT', `/api/audio/episodes/${id}/rating`, { rating: 4 }],
        ['PUT', `/api/audio/episodes/${id}/position`, { positionSec: 3 }],
        ['PUT', `/api/audio/episodes/${digestId}/stories/${id}/vote`, { vote: 'up' }],
        ['POST', `/api/email/rate?t=${id}&rating=4`, undefined],
        ['POST', `/api/email/unsubscribe?t=${id}`, undefined],
      ];
      for (const [method, path, json] of writes) {
        const before = await snapshot();
        const res = await subscriber.request(method as 'PUT' | 'POST', path, json === undefined ? {} : { json });
        assert.ok(res.status >= 400 && res.status < 500, `${method} ${path.slice(0, 60)} (${label}): ${res.status}`);
        assert.equal(await snapshot(), before, `${method} ${path.slice(0, 60)} (${label}): refused, yet something was written`);
      }
    }
  });

  test('malformed signed Stripe events: a 400 and a log line, nothing recorded', async () => {
    const stripe = endpoints().find((e) => e.name.startsWith('Stripe'))!;
    const bodies = [
      'null',
      '[]',
      '{}',
      '{"id":"evt_1","type":"invoice.paid","created":1}',
      '{"id":"evt_1","type":"invoice.paid","created":1,"data":{}}',
      '{"type":"invoice.paid","created":1,"data":{"object":{}}}',
      '{"id":"evt_1","type":"invoice.paid","created":"abc","data":{"object":{}}}',
      '{"id":"evt_1","type":"invoice.paid","created":1,"data":{"object":null}}',
      '{"id":"evt_1","type":"invoice.paid","created":1,"data":{"object":[]}}',
    ];
    const warned = logs.warnings().length;
    for (const body of bodies) {
      const res = await send(stripe, body);
      assert.equal(res.status, 400, body);
      assert.match((await res.json()).message, /Malformed Stripe event/);
    }
    const lines = logs.warnings().slice(warned);
    assert.equal(lines.filter((l) => l.msg === 'malformed Stripe event refused').length, bodies.length);
  });

  test('every bidirectional embedding, override and isolate is refused in names and free text, saying what to fix', async () => {
    const overrides = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((c) => String.fromCharCode(c));
    const peopleText: Array<[string, string]> = [
      ...['email', 'firstName', 'lastName', 'phoneNumber'].map((f): [string, string] => ['waitlist draft', f]),
      ...['email', 'firstName', 'lastName', 'phoneNumber'].map((f): [string, string] => ['waitlist', f]),
      ['preferences', 'notes'],
      ['feedback', 'comment'],
    ];
    for (const [name, field] of peopleText) {
      const endpoint = endpoints().find((e) => e.name === name)!;
      const plain = String(endpoint.valid[field] ?? 'text');
      for (const mark of overrides) {
        const code = `U+${mark.charCodeAt(0).toString(16).toUpperCase()}`;
        const before = await snapshot();
        const res = await send(endpoint, JSON.stringify({ ...endpoint.valid, [field]: `${mark}${plain}` }));
        assert.equal(res.status, 400, `${name} ${field} with ${code}`);
        assert.equal(
          (await res.json()).message,
          `${field}: ${FORBIDDEN_CHARACTERS_MESSAGE}`,
          `${name} ${field} with ${code}: the field and the reason`,
        );
        assert.equal(await snapshot(), before, `${name} ${field} with ${code}: refused, yet something was written`);
      }
    }
  });

  test('the marks right-to-left names need are still accepted', async () => {
    const waitlist = endpoints().find((e) => e.name === 'waitlist')!;
    // The right-to-left mark, the Arabic letter mark and the left-to-right mark settle neutral characters; they reverse nothing.
    const res = await send(
      waitlist,
      JSON.stringify({ ...waitlist.valid, email: 'rtl@example.com', firstName: 'نور\u061c (Nour)\u200f', lastName: 'כהן\u200e' }),
    );
    assert.equal(res.status, 201);
  });

  test('no log line holds a value that was sent', () => {
    // The access log names each request's path (the read test puts values there on purpose), never a body.
    const logged = logs.lines
      .filter((l) => l.msg !== 'request')
      .map((l) => JSON.stringify(l))
      .join('\n');
    // (The mail folder's own line names the recipient of each email written; that is the operator's.)
    for (const marker of ['Bcc: victim', 'pwned', 'Dee', 'Raft', 'draft@example.com', 'Liquid cooling']) {
      assert.ok(
        !logged.includes(marker),
        `"${marker}" is in the log: ${logged
          .split('\n')
          .find((l) => l.includes(marker))
          ?.slice(0, 400)}`,
      );
    }
    assert.equal(logs.lines.filter((l) => l.level >= 50).length, 0, 'no error was logged');
  });
});
