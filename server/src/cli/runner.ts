import { ConfigError } from '../config.js';
import { EngineConfigError } from '../engine/engine.config.js';
import { IngestBusyError } from '../engine/engine.js';
import { CatalogError } from '../engine/sources/catalog.js';
import { SourceError } from '../engine/sources/sources.service.js';
import { CliError } from './cli-error.js';
import { openCli, type CliContext } from './context.js';

/** Errors whose message is written for the operator; any other error is a bug and prints its stack. */
const OPERATOR_ERRORS = [ConfigError, EngineConfigError, CatalogError, SourceError, IngestBusyError];

/** Opens the config, database and mailer on the first call; the runner closes them. */
export type OpenContext = () => Promise<CliContext>;

/** A command: its arguments in, its exit code out. */
export type CliMain = (argv: string[], open: OpenContext) => Promise<number>;

/**
 * Runs an operator command as a process: help and argument mistakes cost no database connection because
 * the command opens the context only when it needs it. Sets the exit code, waits until stdout and stderr
 * have handed everything to the pipe or file (on a pipe, Node writes asynchronously: exiting at once cut an
 * edition piped to another program short), then exits, as a pool or an SMTP connection left open by a
 * failure must not keep the process alive.
 */
export function runCli(main: CliMain, argv: string[] = process.argv.slice(2)): void {
  run(main, argv)
    .catch((err: unknown) => {
      console.error(err);
      return 1;
    })
    .then(async (code) => {
      process.exitCode = code;
      await Promise.all([flushed(process.stdout), flushed(process.stderr)]);
      process.exit();
    });
}

/** Resolves once everything written to the stream before has been handed to the OS (or the reader has gone). */
export function flushed(stream: NodeJS.WriteStream): Promise<void> {
  return new Promise((resolve) => {
    if (stream.destroyed || !stream.writable) return resolve();
    stream.write('', () => resolve());
  });
}

async function run(main: CliMain, argv: string[]): Promise<number> {
  let context: Promise<CliContext> | undefined;
  try {
    return await main(argv, () => (context ??= openCli()));
  } catch (err) {
    return report(err);
  } finally {
    await context?.then(
      (cli) => cli.close(),
      () => undefined,
    );
  }
}

function report(err: unknown): number {
  if (err instanceof CliError) {
    console.error(err.usage ? `${err.message}\n\n${err.usage}` : err.message);
    return err.exitCode;
  }
  console.error(OPERATOR_ERRORS.some((type) => err instanceof type) ? (err as Error).message : err);
  return 1;
}

/** Prints a command's help (on stdout: it was asked for) and gives the exit code. */
export function printHelp(help: string, exitCode = 0): number {
  console.log(help);
  return exitCode;
}

/** A command of a `tool <command> [args]` CLI: what it prints. */
export type Subcommand<C> = (context: C, args: string[]) => Promise<string>;

/**
 * `tool <command> [args]`: `help` and `--help` print the help, and so does no command at all but as a
 * failure, so that a script which lost its argument notices.
 */
export async function runSubcommand<C>(
  argv: string[],
  help: string,
  commands: Record<string, Subcommand<C>>,
  open: () => Promise<C>,
): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === 'help' || name === '--help') return printHelp(help, name ? 0 : 1);
  const command = subcommand(commands, name, help);
  console.log(await command(await open(), args));
  return 0;
}

/** The command of that name, or a usage error naming it. */
export function subcommand<C>(commands: Record<string, Subcommand<C>>, name: string | undefined, help: string): Subcommand<C> {
  const command = name !== undefined && Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) throw new CliError(`Unknown command "${name ?? ''}".`, { usage: help });
  return command;
}
