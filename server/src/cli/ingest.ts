import { createEngine } from '../engine/engine.js';
import { loadEngineConfig } from '../engine/engine.config.js';
import type { IngestReport } from '../engine/ingest.service.js';
import { loadCatalog } from '../engine/sources/catalog.js';
import { syncCatalog } from '../engine/sources/sources.service.js';
import { parseFlags } from './flags.js';
import { printHelp, runCli, type OpenContext } from './runner.js';
import { formatTable, visible } from './table.js';

const HELP = `npm run ingest -- [--sources FILE [--enable]] [--force]

  Fetches every enabled source, stores new articles and updates stories.

  --sources FILE  fetch only the sources of FILE (a catalog in the shipped format), for this run. Its
                  sources not in the database yet are added DISABLED: they are stored (articles and
                  stories name them) but the server's schedule does not fetch them. Sources already in
                  the database keep their enabled/disabled state; this run fetches all of FILE's.
  --enable        with --sources: add FILE's new sources ENABLED instead, so the schedule fetches
                  them from now on (as \`npm run admin -- sources enable <id>\` does for one).
  --force         also retry sources that are backing off after failures.`;

const options = {
  sources: { type: 'string' },
  enable: { type: 'boolean' },
  force: { type: 'boolean' },
  help: { type: 'boolean' },
} as const;

async function main(argv: string[], open: OpenContext): Promise<number> {
  const { values: flags } = parseFlags(argv, options, { usage: HELP });
  if (flags.help) return printHelp(HELP);
  const engineConfig = loadEngineConfig(process.env);
  const cli = await open();
  const engine = createEngine(cli.orm, engineConfig, { clock: cli.clock, logger: cli.logger });
  let sourceIds: string[] | undefined;
  let note = '';
  if (flags.sources !== undefined) {
    const entries = loadCatalog(flags.sources);
    const enable = Boolean(flags.enable);
    const { added } = await syncCatalog(cli.orm.em.fork(), entries, cli.clock, { enabled: enable });
    sourceIds = entries.map((e) => e.id);
    note = enable
      ? `${added} new source(s) from ${flags.sources} added ENABLED: the schedule fetches them from now on.`
      : `${added} new source(s) from ${flags.sources} added DISABLED: fetched for this run only, not by the schedule` +
        ` (--enable, or npm run admin -- sources enable <id>, to keep fetching them).`;
  } else {
    await engine.syncCatalog();
  }
  const progress = progressPrinter();
  const report = await engine.ingest({
    sourceIds,
    includeDisabled: Boolean(sourceIds),
    force: Boolean(flags.force),
    onProgress: progress,
  });
  progress.end();
  console.log(summarize(report));
  if (note) console.log(`\n${note}`);
  return report.failed > 0 && report.ok + report.notModified === 0 ? 2 : 0;
}

function progressPrinter() {
  const tty = process.stderr.isTTY;
  const counts = { ok: 0, 'not-modified': 0, failed: 0 };
  let lastDecile = -1;
  const print = (event: { done: number; total: number; outcome: keyof typeof counts }) => {
    counts[event.outcome]++;
    const width = 30;
    const filled = Math.round((event.done / event.total) * width);
    const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${event.done}/${event.total}  ok ${counts.ok}  304 ${counts['not-modified']}  failed ${counts.failed}`;
    if (tty) process.stderr.write(`\r${line}`);
    else {
      const decile = Math.floor((event.done / event.total) * 10);
      if (decile !== lastDecile) {
        lastDecile = decile;
        process.stderr.write(`${line}\n`);
      }
    }
  };
  return Object.assign(print, { end: () => tty && process.stderr.write('\n') });
}

function summarize(report: IngestReport): string {
  const rows = [
    { what: 'sources fetched', count: String(report.sources) },
    { what: '  ok (new content)', count: String(report.ok) },
    { what: '  not modified (304)', count: String(report.notModified) },
    { what: '  failed', count: String(report.failed) },
    { what: 'sources backing off', count: String(report.skippedBackoff) },
    { what: 'new articles', count: String(report.newArticles) },
    { what: 'articles seen again', count: String(report.repeatedArticles) },
    { what: 'items skipped', count: String(report.skippedItems) },
    { what: 'new stories', count: String(report.storiesCreated) },
    { what: 'updated stories', count: String(report.storiesUpdated) },
    { what: 'entity mentions', count: String(report.entities.mentions) },
    { what: 'entity facts', count: String(report.entities.facts) },
    { what: 'new candidate entities', count: String(report.entities.candidates) },
  ];
  const failures = report.outcomes.filter((o) => o.status === 'failed').map((o) => `  ${o.sourceId}: ${visible(o.error ?? '')}`);
  const illFormed = report.outcomes.filter((o) => o.illFormed).map((o) => `  ${o.sourceId}: ${visible(o.illFormed!)}`);
  return [
    formatTable(rows, ['what', 'count']),
    ...(failures.length ? ['', 'Failed sources:', ...failures] : []),
    ...(illFormed.length ? ['', 'Ill-formed but read (not well-formed XML, read leniently):', ...illFormed] : []),
  ].join('\n');
}

runCli(main);
