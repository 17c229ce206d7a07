import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { startFixtureServer, type FixtureServer } from './engine/fixture-server.js';
import { ROOT, runCli } from './support/run-cli.js';

/** Linux's pipe holds 64 KiB; the edition below is several times that. */
const PIPE_BUFFER = 64 * 1024;

const CITIES = ['Frankfurt', 'Amsterdam', 'Dublin', 'Madrid', 'Milan', 'Warsaw', 'Oslo', 'Lisbon', 'Vienna', 'Zurich', 'Paris', 'Prague'];
const OPERATORS = ['Equinix', 'Digital Realty', 'NTT', 'Iron Mountain', 'CyrusOne', 'Vantage', 'STACK', 'Yondr', 'Ark', 'Kao'];

/** A feed of `count` distinct stories: different operator, city and figures each, published on 20 November 2026. */
function feed(name: string, count: number, offset: number): string {
  const items = Array.from({ length: count }, (_, k) => {
    const i = k + offset;
    const operator = OPERATORS[i % OPERATORS.length]!;
    const city = CITIES[Math.floor(i / OPERATORS.length) % CITIES.length]!;
    const mw = 10 + i * 3;
    const minute = String(i % 60).padStart(2, '0');
    const hour = String(8 + Math.floor(i / 60)).padStart(2, '0');
    return `<item><title>${operator} plans ${mw} MW campus number ${i} in ${city}</title>
<link>https://news.example/${name}/${i}</link><guid>${name}-${i}</guid>
<pubDate>Fri, 20 Nov 2026 ${hour}:${minute}:00 GMT</pubDate>
<description>${operator} said on Friday it will build a ${mw} MW data center campus in ${city}, its site number ${i}. The first phase of ${Math.round(mw / 2)} MW opens in ${2027 + (i % 3)}. The campus will cost ${100 + i * 7} million euros and employ ${50 + i} people. Power comes from a new ${mw + 20} MW substation built by the local grid operator.</description></item>`;
  });
  return `<?xml version="1.0"?><rss version="2.0"><channel><title>${name}</title><link>https://news.example/</link>${items.join('\n')}</channel></rss>`;
}

/**
 * Runs the edition CLI with its stdout on a pipe to a consumer that reads slowly (a chunk every 20 ms, like
 * a pager or an upload): the pipe fills, and the CLI must not exit before the consumer has everything.
 */
async function pipedToSlowConsumer(
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number | null; stdout: Buffer; stderr: string }> {
  const child = spawn(process.execPath, ['--conditions=source', '--import', 'tsx', path.join(ROOT, 'server/src/cli/edition.ts'), ...args], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const deadline = setTimeout(() => child.kill('SIGKILL'), 120_000);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const chunks: Buffer[] = [];
  for await (const chunk of child.stdout) {
    chunks.push(chunk as Buffer);
    await sleep(20);
  }
  const code = await exited;
  clearTimeout(deadline);
  return { code, stdout: Buffer.concat(chunks), stderr };
}

describe('CLI output on a pipe', () => {
  let server: FixtureServer;
  let dir: string;
  let env: NodeJS.ProcessEnv;

  before(async () => {
    server = await startFixtureServer();
    server.serve('/gen/pipe-a.xml', feed('pipe-a', 90, 0));
    server.serve('/gen/pipe-b.xml', feed('pipe-b', 90, 90));
    dir = mkdtempSync(path.join(tmpdir(), 'dcbrief-pipe-'));
    const catalog = path.join(dir, 'sources.json');
    writeFileSync(
      catalog,
      JSON.stringify(
        ['pipe-a', 'pipe-b'].map((id) => ({
          id,
          name: `Pipe ${id.slice(-1).toUpperCase()}`,
          siteUrl: 'https://news.example/',
          feedUrl: `${server.base}/gen/${id}.xml`,
          kind: 'news',
          language: 'en',
          country: 'DE',
          categories: ['infrastructure'],
          weight: 1,
        })),
      ),
    );
    env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', LOG_LEVEL: 'silent', NODE_ENV: 'test', INGEST_MAX_ITEMS_PER_FEED: '100' };
    const ingest = await runCli('ingest.ts', ['--sources', catalog], env);
    assert.equal(ingest.status, 0, ingest.stderr);
  });

  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('an edition several times a pipe buffer arrives whole at a slow consumer, and the exit code is kept', async () => {
    const args = ['--from', '2026-11-20T00:00:00Z', '--to', '2026-11-21T00:00:00Z', '--published', '--json', '--limit', '500'];
    const { code, stdout, stderr } = await pipedToSlowConsumer(args, env);
    assert.equal(code, 0, stderr);
    assert.ok(stdout.length > 3 * PIPE_BUFFER, `the edition is ${stdout.length} bytes, not several pipe buffers`);
    const edition = JSON.parse(stdout.toString('utf8')) as { storyCount: number; stories: unknown[] };
    assert.equal(edition.stories.length, edition.storyCount);
    assert.ok(edition.storyCount > 100, `${edition.storyCount} stories`);

    // A usage error still exits 2 (or its own code), after its message is written.
    const bad = await pipedToSlowConsumer(['--from', 'yesterday'], env);
    assert.notEqual(bad.code, 0);
    assert.match(bad.stderr, /--from/);
  });
});
