import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Edition } from '../../src/engine/edition/edition.js';
import { runCli } from '../support/run-cli.js';
import { fixtureCatalog, startFixtureServer, type FixtureServer } from './fixture-server.js';

async function run(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  const { status, stdout, stderr } = await runCli(script, args, env);
  return { code: status ?? 1, stdout, stderr };
}

describe('operator CLIs: ingest and edition', () => {
  let server: FixtureServer;
  let dir: string;
  let env: NodeJS.ProcessEnv;
  let catalogFile: string;

  before(async () => {
    server = await startFixtureServer();
    dir = mkdtempSync(path.join(tmpdir(), 'dcbrief-cli-'));
    catalogFile = path.join(dir, 'sources.json');
    writeFileSync(catalogFile, JSON.stringify(fixtureCatalog(server.base)));
    env = {
      DATA_DIR: dir,
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
      INGEST_TIMEOUT_MS: '1500',
      INGEST_MAX_BYTES: String(1024 * 1024),
      NODE_ENV: 'test',
    };
  });

  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ingests the sources of a catalog file with progress and a closing summary, then finds nothing new', async () => {
    const first = await run('ingest.ts', ['--sources', catalogFile], env);
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stderr, /\[#+\] 21\/21 {2}ok 16 {2}304 0 {2}failed 5/);
    assert.match(first.stdout, /ok \(new content\)\s+16/);
    assert.match(first.stdout, /failed\s+5/);
    assert.match(first.stdout, /new articles\s+17/);
    assert.match(first.stdout, /articles seen again\s+1/, 'the aggregator carries an article already stored');
    assert.match(first.stdout, /items skipped\s+0\n/);
    assert.match(first.stdout, /fx-loop: more than 5 redirects/);
    assert.match(first.stdout, /21 new source\(s\) from .*sources\.json added DISABLED: fetched for this run only, not by the schedule/);
    const second = await run('ingest.ts', ['--sources', catalogFile], env);
    assert.match(second.stdout, /not modified \(304\)\s+16/);
    assert.match(second.stdout, /new articles\s+0/);
    assert.match(second.stdout, /0 new source\(s\)/);
  });

  it("says in its help what --sources does to the database, and adds a file's sources enabled with --enable", async () => {
    const help = await run('ingest.ts', ['--help'], env);
    assert.match(help.stdout, /added DISABLED/);
    assert.match(help.stdout, /--enable/);
    const one = path.join(dir, 'one.json');
    writeFileSync(
      one,
      JSON.stringify([{ ...fixtureCatalog(server.base)[0]!, id: 'fx-kept', feedUrl: `${server.base}/feeds/dcd-en.xml?kept` }]),
    );
    const kept = await run('ingest.ts', ['--sources', one, '--enable'], env);
    assert.equal(kept.code, 0, kept.stderr);
    assert.match(kept.stdout, /1 new source\(s\) from .*one\.json added ENABLED: the schedule fetches them from now on/);
    const shown = await run('sources.ts', ['show', 'fx-kept'], env);
    assert.match(shown.stdout, /^enabled: +yes$/m);
    assert.match(shown.stdout, /^ETag: +"/m, 'the fetch state is shown');
    const listed = await run('sources.ts', ['list', '--disabled'], env);
    assert.match(listed.stdout, /^fx-dcd-en +news/m);
    assert.doesNotMatch(listed.stdout, /fx-kept/);
    assert.match(listed.stdout, /21 source\(s\)/);
  });

  it('prints the edition of a window as JSON with summaries per depth and attributed sentences', async () => {
    const out = await run('edition.ts', ['--from', '2026-11-19T12:00:00Z', '--to', '2026-11-20T12:00:00Z', '--published', '--json'], env);
    assert.equal(out.code, 0, out.stderr);
    const edition = JSON.parse(out.stdout) as Edition;
    assert.equal(edition.kind, 'daily');
    assert.equal(edition.from, '2026-11-19T12:00:00.000Z');
    const top = edition.stories[0]!;
    for (const key of ['id', 'title', 'interest', 'summaries', 'sources', 'corroboration', 'languages']) assert.ok(key in top, key);
    assert.equal(top.title, 'Equinix to build 60 MW FR9 data center in Frankfurt');
    assert.deepEqual(top.languages, ['de', 'en', 'es', 'fr', 'ja']);
    for (const depth of ['brief', 'standard', 'detailed'] as const)
      assert.ok(top.summaries[depth].every((s) => s.sourceIds.length > 0 && s.text));
    assert.ok(top.sources.every((s) => s.name && s.url && s.language));
    // Facts: the lead is told by outlets in several languages, shown once in English; the story has facts
    // in English, so one only the German outlet states is not shown beside them (no translator configured).
    const [lead] = top.summaries.detailed;
    assert.equal(lead!.language, 'en');
    assert.equal(lead!.inReaderLanguage, true);
    assert.ok(lead!.sourceIds.includes('fx-heise-de') && lead!.sourceIds.includes('fx-ja'), `${lead!.sourceIds}`);
    assert.ok(top.summaries.detailed.every((s) => s.language === 'en' && s.inReaderLanguage));
    assert.deepEqual(
      top.keyFigures.map((f) => `${f.label}: ${f.text}`),
      // The substation's 110 kV is read since the anchors know voltages (decision 210), labelled by its unit.
      ['Investment: EUR 500 million', 'Capacity: 60 MW', 'Voltage: 110 kV'],
    );
  });

  it('prints a readable edition and refuses a bad date', async () => {
    const text = await run('edition.ts', ['--weekly', '--to', '2026-11-21T00:00:00Z', '--published'], env);
    assert.match(text.stdout, /DC Brief weekly edition, stories published/);
    assert.match(text.stdout, /\[Regulations\] Haarlemmermeer/);
    assert.match(text.stdout, /^ {3}- Equinix will invest €500 million in FR9, .* \(.*heise.*\)$/m, 'a fact with its outlets');
    assert.match(text.stdout, /\[(nl|pl), not translated\] \(/, 'a fact no outlet states in English is marked with its language');
    assert.match(text.stdout, /^ {3}Key figures: Investment: EUR 500 million · Capacity: 60 MW · Voltage: 110 kV$/m);
    // Without --published: what this run's ingest brought in, stamped with the real time, in the last 24 hours.
    const now = await run('edition.ts', ['--json'], env);
    const latest = JSON.parse(now.stdout) as Edition;
    assert.equal(latest.select, 'ingested');
    assert.equal(latest.storyCount, 0, 'fixture news from November 20 is too old for a daily edition of today');
    const bad = await run('edition.ts', ['--from', 'yesterday'], env);
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /--from needs an ISO date/);
  });
});
