import { INTEREST_LABELS } from '@dcbrief/shared';
import type { Edition } from '../engine/edition/edition.js';
import { createEngine } from '../engine/engine.js';
import { loadEngineConfig } from '../engine/engine.config.js';
import { CliError } from './cli-error.js';
import { dateFlag, parseFlags } from './flags.js';
import { printHelp, runCli, type OpenContext } from './runner.js';
import { visible } from './table.js';

const HELP = `npm run edition -- [--from ISO --to ISO] [--weekly] [--published] [--json] [--limit N]

  Builds the edition of a window (default: the last 24 hours; --weekly: the last 7 days) from the stored stories:
  those that became known to us (were ingested) in the window, ranked by corroboration, weight and recency of publication.
  --published takes the stories first published in the window instead (to look back at a past window).
  Each story shows its facts (Standard depth): every fact once, with every outlet that states it, marked with its
  language when it is not in the reader's language (TRANSLATE_TO) and could not be translated, then its key figures.
  --json prints the stories with their facts per depth (text, language, sourceIds, translatedFrom, inReaderLanguage),
  labelled key figures, sources, corroboration and languages.`;

const options = {
  from: { type: 'string' },
  to: { type: 'string' },
  weekly: { type: 'boolean' },
  published: { type: 'boolean' },
  json: { type: 'boolean' },
  limit: { type: 'string' },
  help: { type: 'boolean' },
} as const;

async function main(argv: string[], open: OpenContext): Promise<number> {
  const { values: flags } = parseFlags(argv, options, { usage: HELP });
  if (flags.help) return printHelp(HELP);
  const from = dateFlag('from', flags.from, HELP);
  const to = dateFlag('to', flags.to, HELP);
  if (from && to && from >= to) throw new CliError('--from must be before --to', { usage: HELP });
  const limit = flags.limit === undefined ? undefined : Number(flags.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
    throw new CliError(`--limit needs a whole number above 0 (got "${flags.limit}").`, { usage: HELP });
  const cli = await open();
  const engine = createEngine(cli.orm, loadEngineConfig(process.env), { clock: cli.clock, logger: cli.logger });
  const kind = flags.weekly ? 'weekly' : 'daily';
  const span = kind === 'weekly' ? 7 * 86_400_000 : 86_400_000;
  const end = to ?? (from ? new Date(from.getTime() + span) : undefined);
  const edition = await engine.edition({
    kind,
    from: from ?? (end ? new Date(end.getTime() - span) : undefined),
    to: end,
    limit,
    ...(flags.published ? { select: 'published', knownBy: null } : { select: 'ingested' }),
  });
  console.log(flags.json ? JSON.stringify(edition, null, 2) : formatEdition(edition));
  return 0;
}

function formatEdition(edition: Edition): string {
  const lines = [
    `DC Brief ${edition.kind} edition, stories ${edition.select} ${edition.from} to ${edition.to}: ${edition.storyCount} stories`,
    '',
  ];
  for (const s of edition.stories) {
    lines.push(`${s.rank}. [${INTEREST_LABELS[s.interest]}] ${s.title}`);
    lines.push(`   ${s.corroboration} independent source(s), languages ${s.languages.join(', ')}`);
    const names = new Map(s.sources.map((src) => [src.id, src.name]));
    for (const fact of s.summaries.standard) {
      const mark =
        fact.inReaderLanguage === false
          ? ` [${fact.language}, not translated]`
          : fact.translatedFrom
            ? ` [translated from ${fact.translatedFrom}]`
            : '';
      lines.push(`   - ${fact.text}${mark} (${fact.sourceIds.map((id) => names.get(id) ?? id).join(', ')})`);
    }
    if (s.keyFigures.length) lines.push(`   Key figures: ${s.keyFigures.map((f) => `${f.label}: ${f.text}`).join(' · ')}`);
    lines.push(`   Sources: ${s.sources.map((src) => `${src.name} (${src.language}) ${src.url}`).join('; ')}`);
    lines.push('');
  }
  // Titles, sentences and source names come from the feeds.
  return lines.map(visible).join('\n');
}

runCli(main);
