import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ReadyEpisodes } from '../audio/ready-episodes.js';
import { Digest } from '../modules/digests/digest.entity.js';
import type { DeliveryDeps } from '../delivery/deps.js';
import { StaticEditionReader, type EditionReader } from '../delivery/edition-port.js';
import { EngineEditionReader, fromEngine } from '../delivery/engine-edition.js';
import { outboxStatus, resolveRows, RESOLUTIONS, type Resolution } from '../delivery/outbox.js';
import { runDeliveryPass } from '../delivery/pass.js';
import { RecipientsService } from '../delivery/recipients.service.js';
import { digestPreview } from '../delivery/preview.js';
import type { EditionStory as EngineStory } from '../engine/edition/edition.js';
import { CliError } from './cli-error.js';
import type { CliContext } from './context.js';
import { dateFlag, parseFlags } from './flags.js';
import { printHelp, runCli, type OpenContext } from './runner.js';
import { formatTable } from './table.js';

const HELP = `DC Brief delivery

  npm run deliver -- [--now ISO] [--edition FILE]   one pass as if the time were --now (default: now): create due
                                                    digests, compose them, send them; progress on stderr, summary on stdout
  npm run deliver -- --status                       outbox counts, rows waiting for a retry, failed and uncertain rows
  npm run deliver -- --resolve ID[,ID...]|uncertain|failed --as sent|resend|cancel
                                                    settle failed or uncertain rows (resend keeps the Message-ID)
  npm run deliver -- --preview DIGEST_ID [--out FILE]
                                                    write a digest's email as HTML (and .txt beside it) to open in a browser;
                                                    its rating and unsubscribe links are disabled (inert #preview anchors)
  npm run deliver -- --unsuppress EMAIL             lift a bounce or complaint suppression

--edition FILE delivers the stories of a saved edition (\`npm run edition -- --json > FILE\`) instead of the
engine's tables. The commands use the same environment as the server (DATA_DIR, DATABASE_URL, SMTP_URL, ...).`;

const options = {
  now: { type: 'string' },
  edition: { type: 'string' },
  status: { type: 'boolean' },
  resolve: { type: 'string' },
  as: { type: 'string' },
  preview: { type: 'string' },
  out: { type: 'string' },
  unsuppress: { type: 'string' },
  help: { type: 'boolean' },
} as const;

function editionsFrom(cli: CliContext, file: string | undefined): EditionReader {
  if (!file) return new EngineEditionReader(cli.orm, cli.clock);
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as { stories?: EngineStory[] } | EngineStory[];
  const stories = Array.isArray(parsed) ? parsed : (parsed.stories ?? []);
  return new StaticEditionReader(stories.map(fromEngine));
}

async function pass(cli: CliContext, at: Date | undefined, editionFile: string | undefined): Promise<string> {
  const now = at ?? cli.clock.now();
  const deps: DeliveryDeps = { ...cli, editions: editionsFrom(cli, editionFile), episodes: new ReadyEpisodes(cli.orm) };
  let last = '';
  const summary = await runDeliveryPass(deps, now, {
    onProgress: (p) => {
      const line = `${p.phase}: ${p.done}${p.detail ? ` (${p.detail})` : ''}`;
      if (line !== last) process.stderr.write(`${line}\n`);
      last = line;
    },
  });
  const rows = [
    { step: 'uncertain (left in sending by a stopped process)', count: String(summary.uncertain) },
    {
      step: 'planned daily / weekly / breaking',
      count: `${summary.planned.daily} / ${summary.planned.weekly} / ${summary.planned.breaking}`,
    },
    { step: 'composed (of which quiet-day notes)', count: `${summary.compose.composed} (${summary.compose.quiet})` },
    { step: 'sent', count: String(summary.send.sent) },
    { step: 'retrying later', count: String(summary.send.retrying) },
    { step: 'failed (gave up)', count: String(summary.send.failed) },
    { step: 'cancelled (unsubscribed, inactive, suppressed)', count: String(summary.send.cancelled + summary.compose.cancelled) },
    { step: 'free trials ended', count: String(summary.trials.ended) },
    {
      step: 'trial reminders sent / retrying / failed',
      count: `${summary.trials.sent} / ${summary.trials.retrying} / ${summary.trials.failed}`,
    },
  ];
  return `Delivery pass at ${summary.now} in ${summary.durationMs} ms\n\n${formatTable(rows, ['step', 'count'])}`;
}

async function status(cli: CliContext): Promise<string> {
  const s = await outboxStatus(cli.orm.em.fork());
  const counts = formatTable(
    Object.entries(s.counts).map(([state, n]) => ({ state, rows: String(n) })),
    ['state', 'rows'],
  );
  const attention = s.attention.length
    ? formatTable(
        s.attention.map((r) => ({
          id: r.id,
          state: r.state,
          email: r.email,
          kind: r.kind,
          date: r.date,
          attempts: String(r.attempts),
          'message id': r.messageId,
          'last error': (r.lastError ?? '').slice(0, 80),
        })),
        ['id', 'state', 'email', 'kind', 'date', 'attempts', 'message id', 'last error'],
      )
    : 'Nothing needs attention.';
  const settle = s.counts.uncertain ? `\n\n${settlingUncertain(s.counts.uncertain)}` : '';
  return `${counts}\n\nPending retries: ${s.retrying}\n\n${attention}${settle}`;
}

/** What the operator does about uncertain rows: the provider's log is the only witness (docs/decisions/301). */
function settlingUncertain(n: number): string {
  return [
    `${n} uncertain row${n === 1 ? '' : 's'}: a sending process stopped while ${n === 1 ? 'it was' : 'they were'} in flight (claimed, perhaps handed to`,
    'the SMTP server, the answer not recorded), so each email may or may not have left. Nothing is resent on its own.',
    "For each row, look up its Message-ID (above) in the SMTP provider's log, then settle it:",
    '  npm run deliver -- --resolve ID --as sent      the log shows it accepted: the digest joins the archive',
    '  npm run deliver -- --resolve ID --as resend    the log does not have it: sent again, with the same Message-ID',
    'Several rows at once: --resolve ID1,ID2,...',
  ].join('\n');
}

async function preview(cli: CliContext, id: string, out: string | undefined): Promise<string> {
  const digest = await cli.orm.em.fork().findOne(Digest, { id }, { populate: ['user', 'content'] });
  if (!digest) throw new CliError(`No digest ${id}`);
  // Inert rating and unsubscribe links: an operator opening the file must not act for the subscriber.
  const email = digestPreview(cli, digest.user, digest);
  const file = path.resolve(out ?? path.join(cli.config.dataDir, 'previews', `${digest.id}.html`));
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, email.html);
  writeFileSync(file.replace(/\.html?$/, '') + '.txt', `Subject: ${email.subject}\n\n${email.text}`);
  return `Subject: ${email.subject}\nHTML: ${file}\nText: ${file.replace(/\.html?$/, '')}.txt\nOpen in a browser: file://${file}\n(Rating and unsubscribe links are disabled in the preview.)`;
}

async function main(argv: string[], open: OpenContext): Promise<number> {
  const { values } = parseFlags(argv, options, { usage: HELP });
  if (values.help) return printHelp(HELP);
  const now = dateFlag('now', values.now, HELP);
  if (values.resolve && !RESOLUTIONS.includes(values.as as Resolution))
    throw new CliError(`--as must be one of ${RESOLUTIONS.join(', ')}`, { usage: HELP });
  const cli = await open();
  if (values.status) console.log(await status(cli));
  else if (values.resolve) console.log(await resolve(cli, values.resolve, values.as as Resolution));
  else if (values.preview) console.log(await preview(cli, values.preview, values.out));
  else if (values.unsuppress) console.log(await unsuppress(cli, values.unsuppress));
  else console.log(await pass(cli, now, values.edition));
  return 0;
}

async function resolve(cli: CliContext, targets: string, as: Resolution): Promise<string> {
  let n = 0;
  for (const target of targets.split(',').filter(Boolean)) n += await resolveRows(cli.orm.em.fork(), target.trim(), as, cli.clock.now());
  return `${n} row${n === 1 ? '' : 's'} marked ${as}`;
}

async function unsuppress(cli: CliContext, email: string): Promise<string> {
  const lifted = await new RecipientsService(cli.orm.em.fork(), cli.clock).unsuppress(email);
  return lifted ? `${email} can receive email again` : `${email} was not suppressed`;
}

runCli(main);
