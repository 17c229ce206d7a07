import { INTEREST_LABELS } from '@dcbrief/shared';
import { ConfigError } from '../config.js';
import type { Edition } from '../engine/edition/edition.js';
import { createEngine } from '../engine/engine.js';
import { EngineConfigError, loadEngineConfig } from '../engine/engine.config.js';
import { parseFlags } from '../engine/sources/sources.commands.js';
import { openCli } from './context.js';

const HELP = `npm run edition -- [--from ISO --to ISO] [--weekly] [--published] [--json] [--limit N]

  Builds the edition of a window (default: the last 24 hours; --weekly: the last 7 days) from the stored stories:
  those that became known to us (were ingested) in the window, ranked by corroboration, weight and recency of publication.
  --published takes the stories first published in the window instead (to look back at a past window).
  --json prints the stories with their summaries per depth, each sentence's source ids, sources, corroboration and languages.`;

class UsageError extends Error {}

async function main(argv: string[]): Promise<number> {
  const { flags } = parseFlags(argv);
  if (flags.help) {
    console.log(HELP);
    return 0;
  }
  const date = (name: string) => {
    const v = flags[name];
    if (v === undefined) return undefined;
    const d = new Date(String(v));
    if (typeof v !== 'string' || Number.isNaN(d.getTime())) throw new UsageError(`--${name} needs an ISO date, e.g. 2026-11-20T06:00:00Z`);
    return d;
  };
  const from = date('from');
  const to = date('to');
  if (from && to && from >= to) throw new UsageError('--from must be before --to');
  const cli = await openCli();
  try {
    const engine = createEngine(cli.orm, loadEngineConfig(process.env), { clock: cli.clock, logger: cli.logger });
    const kind = flags.weekly ? 'weekly' : 'daily';
    const span = kind === 'weekly' ? 7 * 86_400_000 : 86_400_000;
    const end = to ?? (from ? new Date(from.getTime() + span) : undefined);
    const edition = await engine.edition({
      kind,
      from: from ?? (end ? new Date(end.getTime() - span) : undefined),
      to: end,
      limit: flags.limit ? Number(flags.limit) : undefined,
      ...(flags.published ? { select: 'published', knownBy: null } : { select: 'ingested' }),
    });
    console.log(flags.json ? JSON.stringify(edition, null, 2) : formatEdition(edition));
    return 0;
  } finally {
    await cli.close();
  }
}

export function formatEdition(edition: Edition): string {
  const lines = [
    `DC Brief ${edition.kind} edition, stories ${edition.select} ${edition.from} to ${edition.to}: ${edition.storyCount} stories`,
    '',
  ];
  for (const s of edition.stories) {
    lines.push(`${s.rank}. [${INTEREST_LABELS[s.interest]}] ${s.title}`);
    lines.push(`   ${s.corroboration} independent source(s), languages ${s.languages.join(', ')}`);
    for (const sentence of s.summaries.standard) lines.push(`   - ${sentence.text} [${sentence.sourceIds.join(', ')}]`);
    lines.push(`   Sources: ${s.sources.map((src) => `${src.name} (${src.language}) ${src.url}`).join('; ')}`);
    lines.push('');
  }
  return lines.join('\n');
}

main(process.argv.slice(2))
  .then((code) => process.exit(code))
  .catch((err) => {
    console.error(err instanceof UsageError || err instanceof ConfigError || err instanceof EngineConfigError ? err.message : err);
    process.exit(1);
  });
