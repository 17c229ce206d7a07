import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../src/config.js';
import { migrate } from '../../src/db/orm.js';
import { openDatabase } from '../../src/database.js';
import { Delivery } from '../../src/delivery/delivery.entity.js';
import { Digest } from '../../src/modules/digests/digest.entity.js';
import { until } from '../support/deadline.js';
import { runCli, startCli } from '../support/run-cli.js';
import { addSubscribers, weekOfNews } from './fixtures.js';

const SUBSCRIBERS = 120;
const NOW = '2026-11-24T06:30:00Z';

/** A real SMTP server that takes its time over each message, so a pass is still sending when it is killed. */
async function slowSink(delayMs: number) {
  const messageIds: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4000) head += chunk.toString('utf8');
      });
      stream.on('end', () =>
        setTimeout(() => {
          messageIds.push(/^Message-ID:\s*(\S+)/im.exec(head)?.[1] ?? '?');
          callback();
        }, delayMs),
      );
    },
  });
  // The killed client drops its connection mid-conversation: a reset socket is expected here, anything else is not.
  const errors: Error[] = [];
  server.on('error', (err: NodeJS.ErrnoException) => {
    if (err.code !== 'ECONNRESET' && err.code !== 'EPIPE') errors.push(err);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    messageIds,
    errors,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The engine's `npm run edition -- --json` format, which `npm run deliver -- --edition FILE` replays. */
function engineEditionJson(): string {
  const stories = weekOfNews().map((s, i) => ({
    ...s,
    rank: i + 1,
    score: 10 - i,
    titleLanguage: 'en',
    interestReasons: [],
    keyFigures: s.keyFigures.map((text) => ({ text, key: text, sourceIds: [] })),
    sources: s.sources.map((src) => ({ ...src, siteUrl: `https://${src.id}.example/`, country: '' })),
    firstSeenAt: s.firstSeenAt.toISOString(),
    lastSeenAt: s.firstSeenAt.toISOString(),
    ingestedAt: s.ingestedAt.toISOString(),
  }));
  return JSON.stringify({ kind: 'daily', storyCount: stories.length, stories });
}

test('a delivery pass killed with SIGKILL mid-send, then restarted: one digest per subscriber, no duplicate email', async () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-crash-'));
  const sink = await slowSink(40);
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    SMTP_URL: sink.url,
    LOG_LEVEL: 'silent',
    DELIVERY_CONCURRENCY: '4',
    PUBLIC_URL: 'https://brief.example',
  };
  const config = loadConfig(env);
  const orm = await openDatabase(config.database);
  try {
    await migrate(orm);
    await addSubscribers(
      orm,
      Array.from({ length: SUBSCRIBERS }, (_, i) => ({
        email: `s${i}@crash.example`,
        timezone: 'UTC',
        preferences: { weeklySummary: false },
      })),
    );
    const editionFile = path.join(dataDir, 'edition.json');
    writeFileSync(editionFile, engineEditionJson());
    const first = startCli('deliver.ts', ['--now', NOW, '--edition', editionFile], env);
    try {
      await until(
        () => sink.messageIds.length >= 20 || first.child.exitCode !== null,
        () => `20 emails at the sink (${sink.messageIds.length} so far); deliver wrote:\n${first.output().stderr}`,
        { timeoutMs: 60_000, intervalMs: 10 },
      );
      assert.equal(first.child.exitCode, null, `deliver ended before sending 20 emails:\n${first.output().stderr}`);
    } finally {
      first.child.kill('SIGKILL');
    }
    assert.equal((await first.done).signal, 'SIGKILL');
    const atKill = sink.messageIds.length;
    assert.ok(atKill < SUBSCRIBERS, 'killed before the pass finished');

    // Restarted after the lease ran out: rows the dead process held are uncertain, never blindly resent.
    // Leases run on the real clock (a later --now does not end them), ten minutes from the claim: rather
    // than wait, move the dead process's leases into the past, as ten minutes would have.
    const stillSending = await orm.em.fork().find(Delivery, { state: 'sending' });
    assert.ok(
      stillSending.length > 0 && stillSending.every((r) => r.leaseUntil!.getTime() > Date.now()),
      'the killed pass held live leases',
    );
    await orm.em.fork().nativeUpdate(Delivery, { state: 'sending' }, { leaseUntil: new Date(Date.now() - 1000) });
    const later = new Date(Date.parse(NOW) + 11 * 60_000).toISOString();
    const rerun = await runCli('deliver.ts', ['--now', later, '--edition', editionFile], env);
    assert.equal(rerun.status, 0, rerun.stderr);
    assert.match(rerun.stdout, /uncertain \(left in sending by a stopped process\)\s+\d+/);

    const em = orm.em.fork();
    const digests = await em.find(Digest, {}, { populate: ['user'] });
    assert.equal(digests.length, SUBSCRIBERS, 'every subscriber has exactly one digest');
    assert.equal(new Set(digests.map((d) => d.user.id)).size, SUBSCRIBERS);
    assert.equal(new Set(sink.messageIds).size, sink.messageIds.length, 'no duplicate email');

    const rows = await em.find(Delivery, {});
    assert.equal(rows.length, SUBSCRIBERS);
    const uncertain = rows.filter((r) => r.state === 'uncertain');
    assert.ok(uncertain.length > 0 && uncertain.length <= 4, `at most DELIVERY_CONCURRENCY (4) rows in flight (${uncertain.length})`);
    assert.ok(rows.every((r) => r.state === 'sent' || r.state === 'uncertain'));

    // The status names each uncertain row with its Message-ID and says how to settle it from the provider's log.
    const told = await runCli('deliver.ts', ['--status'], env);
    assert.equal(told.status, 0, told.stderr);
    assert.match(told.stdout, new RegExp(`${uncertain.length} uncertain rows?: `));
    assert.match(told.stdout, /look up\s+its Message-ID \(above\) in the SMTP provider's log/);
    assert.match(told.stdout, /--resolve ID --as sent .* accepted/);
    assert.match(told.stdout, /--resolve ID --as resend .* same Message-ID/);
    for (const row of uncertain)
      assert.match(told.stdout, new RegExp(`${row.id}\\s.*uncertain.*${row.messageId.replace(/[.<>]/g, '\\$&')}`));

    // The operator checks the provider's log (here: the sink) and settles each uncertain row.
    const arrived = new Set(sink.messageIds);
    for (const as of ['sent', 'resend'] as const) {
      const ids = uncertain.filter((row) => arrived.has(row.messageId) === (as === 'sent')).map((row) => row.id);
      if (!ids.length) continue;
      const r = await runCli('deliver.ts', ['--resolve', ids.join(','), '--as', as], env);
      assert.equal(r.status, 0, r.stderr);
      assert.match(r.stdout, new RegExp(`^${ids.length} rows? marked ${as}`));
    }
    // The operator spoke on the real clock, days after the replayed morning: a row brought back is due from the
    // time it was owed, so the pass replaying that morning sends it (it used to wait for a pass after the
    // operator's moment, and a quarter of the subscribers got nothing from this replay).
    const final = await runCli('deliver.ts', ['--now', later, '--edition', editionFile], env);
    assert.equal(final.status, 0, final.stderr);
    assert.equal(sink.messageIds.length, SUBSCRIBERS, 'every subscriber got exactly one email');
    assert.equal(new Set(sink.messageIds).size, SUBSCRIBERS);
    const status = await runCli('deliver.ts', ['--status'], env);
    assert.match(status.stdout, new RegExp(`sent\\s+${SUBSCRIBERS}`));
    assert.match(status.stdout, /Nothing needs attention/);
    assert.doesNotMatch(status.stdout, /uncertain rows?:/, 'no settling advice once nothing is uncertain');
    assert.deepEqual(sink.errors, [], 'the SMTP server saw no error other than the killed connection');
  } finally {
    await orm.close();
    await sink.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
