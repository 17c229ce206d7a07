import type { EntityManager } from '@mikro-orm/core';
import type { Clock } from '../lib/clock.js';
import {
  addAlias,
  confirmEntity,
  EntityError,
  listEntities,
  mergeEntities,
  removeAlias,
  showEntity,
} from '../engine/entities/entities-admin.js';
import type { EntityFact } from '../engine/entities/entity.entity.js';
import { syncSeedEntities } from '../engine/entities/entities.service.js';
import { CliError } from './cli-error.js';
import { parseFlags, type FlagOptions } from './flags.js';
import { runSubcommand, subcommand, type OpenContext, type Subcommand } from './runner.js';
import { formatFields, formatTable } from './table.js';

export const ENTITIES_HELP = `Entity commands (companies, sites and places the news names; decision 225)

  entities list [--candidates] [--kind company|site|place] [--search NAME] [--named] [--limit N]
                                          entities with the stories that name them and their facts, the most
                                          named first; --candidates: new names found in several stories
                                          and outlets, to confirm, alias or merge
  entities show <id>                      one entity: names, relations, and its timeline of facts (date,
                                          fact, outlets, sentence); an id merged into another shows the other
  entities merge <from> <into>            <from> becomes an alias of <into>: its mentions and facts move,
                                          its id keeps resolving to <into>
  entities alias add <id> <name>          a name or spelling in any script that names the entity
  entities alias remove <id> <name>
  entities confirm <id>                   a candidate looked at and kept as it is`;

interface EntitiesContext {
  em: EntityManager;
  clock: Clock;
}

/** `entities <command> ...` as a process (`npm run entities -- ...`). */
export function entitiesMain(argv: string[], open: OpenContext): Promise<number> {
  return runSubcommand(argv, ENTITIES_HELP, COMMANDS, async () => {
    const cli = await open();
    const em = cli.orm.em.fork();
    await syncSeedEntities(em, cli.clock.now());
    return { em, clock: cli.clock };
  });
}

/** `entities ...` operator commands on a given database; returns what to print. */
export async function runEntitiesCommand(em: EntityManager, clock: Clock, args: string[]): Promise<string> {
  const [name, ...rest] = args;
  await syncSeedEntities(em, clock.now());
  return guarded(() => subcommand(COMMANDS, name, ENTITIES_HELP)({ em, clock }, rest));
}

async function guarded(run: () => Promise<string>): Promise<string> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof EntityError) throw new CliError(err.message);
    throw err;
  }
}

const COMMANDS: Record<string, Subcommand<EntitiesContext>> = {
  async list({ em }, args) {
    const { values } = flags(args, {
      candidates: { type: 'boolean' },
      kind: { type: 'string' },
      search: { type: 'string' },
      named: { type: 'boolean' },
      limit: { type: 'string' },
    });
    const limit = values.limit === undefined ? undefined : Number(values.limit);
    if (limit !== undefined && !(Number.isInteger(limit) && limit > 0)) throw new CliError(`--limit needs a positive whole number`);
    const listed = await listEntities(em, {
      status: values.candidates ? 'candidate' : undefined,
      kind: values.kind,
      search: values.search,
      named: Boolean(values.named),
      limit,
    });
    const rows = listed.map(({ entity: e, stories, facts }) => ({
      id: e.id,
      kind: e.kind,
      name: e.name,
      role: e.role ?? e.level ?? '',
      country: e.country ?? '',
      status: e.status,
      stories: String(stories),
      facts: String(facts),
      aliases: String(e.aliases.length),
    }));
    return `${formatTable(rows, ['id', 'kind', 'name', 'role', 'country', 'status', 'stories', 'facts', 'aliases'])}\n\n${rows.length} entit${rows.length === 1 ? 'y' : 'ies'}`;
  },

  show: ({ em }, args) =>
    guarded(async () => {
      const [id] = positionals(args, 1, 'entities show <id>');
      const { entity: e, mergedFrom, merged, stories, facts } = await showEntity(em, id!);
      const fields = formatFields([
        ['id', e.id],
        ...(mergedFrom.length ? [['asked for', `${mergedFrom[0]} (merged into ${e.id})`] as const] : []),
        ['name', e.name],
        ['kind', e.kind],
        ['role', e.role ?? e.level ?? '-'],
        ['country', e.country ?? '-'],
        ['status', `${e.status} (${e.origin})`],
        ['operator', e.operatorId ?? '-'],
        ['place', e.placeId ?? '-'],
        ['aliases', e.aliases.join(', ') || '-'],
        ['merged into it', merged.join(', ') || '-'],
        ['stories', String(stories)],
      ]);
      if (!facts.length) return `${fields}\n\nno facts yet`;
      const rows = facts.map((f) => ({
        date: f.statedAt.toISOString().slice(0, 10),
        fact: describeFact(f),
        outlets: f.sourceIds.join(', '),
        sentence: f.sentence.length > 100 ? `${f.sentence.slice(0, 99)}…` : f.sentence,
      }));
      return `${fields}\n\n${formatTable(rows, ['date', 'fact', 'outlets', 'sentence'])}`;
    }),

  merge: ({ em, clock }, args) =>
    guarded(async () => {
      const [from, into] = positionals(args, 2, 'entities merge <from> <into>');
      const kept = await mergeEntities(em, from!, into!, clock.now());
      return `merged ${from} into ${kept.id} (${from} still resolves to ${kept.id})`;
    }),

  alias: ({ em, clock }, args) =>
    guarded(async () => {
      const [action, id, name] = positionals(args, 3, 'entities alias add|remove <id> <name>');
      if (action === 'add') return `${(await addAlias(em, id!, name!, clock.now())).id}: alias "${name}" added`;
      if (action === 'remove') return `${(await removeAlias(em, id!, name!, clock.now())).id}: alias "${name}" removed`;
      throw new CliError('usage: entities alias add|remove <id> <name>', { usage: ENTITIES_HELP });
    }),

  confirm: ({ em, clock }, args) =>
    guarded(async () => {
      const [id] = positionals(args, 1, 'entities confirm <id>');
      return `${(await confirmEntity(em, id!, clock.now())).id} confirmed`;
    }),
};

/** "capacity 300 MW (construction)", "investment 2,500,000,000 EUR (~2,900,000,000 USD)", "status permitted". */
function describeFact(f: EntityFact): string {
  const n = (v: number) => v.toLocaleString('en-US');
  if (f.type === 'capacity') return `capacity ${n(f.mw!)} MW (${f.stage})`;
  if (f.type === 'investment')
    return `investment ${n(f.amount!)} ${f.currency}${f.usd !== null && f.currency !== 'USD' ? ` (~${n(f.usd)} USD)` : ''}`;
  if (f.type === 'status') return `status ${f.status}`;
  return `${f.what} on ${f.eventDate}`;
}

function flags<const O extends FlagOptions>(args: string[], options: O, positional = false) {
  return parseFlags(args, options, { positionals: positional, usage: ENTITIES_HELP });
}

function positionals(args: string[], count: number, usage: string): string[] {
  const values = flags(args, {}, true).positionals;
  if (values.length !== count || values.some((v) => !v.trim())) throw new CliError(`usage: ${usage}`);
  return values;
}
