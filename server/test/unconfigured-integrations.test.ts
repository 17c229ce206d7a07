import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { errorResponseSchema } from '@dcbrief/shared';
import { json, TestClient, type TestResponse } from './support/client.js';
import { startTestServer, type TestServer } from './support/harness.js';
import { captureLogs, type LogLine } from './support/log-capture.js';
import { startStripeStandIn, TEST_PRICES } from './support/stripe-stand-in.js';
import { signIn } from './support/users.js';

/**
 * An integration without its settings answers every request 503 with a message, and tells the operator once, at
 * warn: signed out, anyone may call a webhook as often as they like, and each call must not write an error line.
 */
const TRIES = 25;

const postDeliveryWebhook = (client: TestClient) => client.post('/api/delivery/webhook', { type: 'bounce', email: 'someone@example.com' });
const postStripeWebhook = (client: TestClient) =>
  client.request('POST', '/api/stripe/webhook', {
    body: '{}',
    headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
  });
const createSubscription = (client: TestClient) => client.post('/api/create-subscription', { tier: 'basic' });

async function refusedTimes(times: number, send: () => Promise<TestResponse>, message: RegExp): Promise<void> {
  for (let i = 0; i < times; i++) {
    const res = await send();
    assert.equal(res.status, 503);
    assert.match((await json(res, errorResponseSchema)).message, message);
  }
}

async function withServer(env: Record<string, string>, run: (ts: TestServer, logs: ReturnType<typeof captureLogs>) => Promise<void>) {
  const logs = captureLogs('info');
  const ts = await startTestServer({ env, logger: logs.logger });
  try {
    await run(ts, logs);
  } finally {
    await ts.close();
  }
}

const about = (lines: LogLine[], integration: string) => lines.filter((l) => l.integration === integration);
const errorLines = (lines: LogLine[]) => lines.filter((l) => l.level >= 50);

describe('an integration without its settings: 503 every time, told to the operator once', () => {
  test('the delivery webhook and Stripe without keys: many requests, one warn line each, no error line', async () => {
    await withServer({}, async (ts, logs) => {
      const stranger = new TestClient(ts.url);
      await refusedTimes(TRIES, () => postDeliveryWebhook(stranger), /delivery webhook is not configured/);
      await refusedTimes(TRIES, () => postStripeWebhook(stranger), /Payments are not available/);
      const subscriber = await signIn(ts, 'no-stripe@example.com');
      await refusedTimes(TRIES, () => createSubscription(subscriber), /Payments are not available/);

      const delivery = about(logs.lines, 'delivery webhook');
      assert.equal(delivery.length, 1, 'one line for the delivery webhook');
      assert.equal(delivery[0]!.level, 40, 'at warn');
      assert.match(delivery[0]!.msg, /DELIVERY_WEBHOOK_SECRET/, 'saying what to set');
      const stripe = about(logs.lines, 'Stripe payments');
      assert.equal(stripe.length, 1, 'one line for Stripe, whichever endpoint met it first');
      assert.equal(stripe[0]!.level, 40);
      assert.match(stripe[0]!.msg, /STRIPE_SECRET_KEY/);
      assert.deepEqual(errorLines(logs.lines), [], 'no error line');
      assert.ok(!logs.lines.some((l) => 'err' in l), 'no stack');
    });
  });

  test('Stripe with a key but no webhook secret, and no prices: one warn line for each', async () => {
    const stripe = await startStripeStandIn({ prices: [TEST_PRICES[0]!] });
    try {
      await withServer({ STRIPE_SECRET_KEY: 'sk_test_dcbrief', STRIPE_API_BASE: stripe.url }, async (ts, logs) => {
        await refusedTimes(TRIES, () => postStripeWebhook(new TestClient(ts.url)), /Payments are not available/);
        const subscriber = await signIn(ts, 'no-price@example.com');
        await refusedTimes(TRIES, () => createSubscription(subscriber), /Payments are not available/);

        const webhook = about(logs.lines, 'Stripe webhook');
        assert.equal(webhook.length, 1);
        assert.match(webhook[0]!.msg, /STRIPE_WEBHOOK_SECRET/);
        const prices = about(logs.lines, 'Stripe prices');
        assert.equal(prices.length, 1);
        assert.equal(prices[0]!.level, 40);
        assert.match(prices[0]!.msg, /no price for premium/);
        assert.deepEqual(errorLines(logs.lines), []);
      });
    } finally {
      await stripe.close();
    }
  });

  test('the operator is told again by the next process (each server says it once)', async () => {
    for (let run = 0; run < 2; run++) {
      await withServer({}, async (ts, logs) => {
        await refusedTimes(3, () => postDeliveryWebhook(new TestClient(ts.url)), /not configured/);
        assert.equal(about(logs.warnings(), 'delivery webhook').length, 1, `server ${run + 1}`);
      });
    }
  });
});
