import { parseArgs, type ParseArgsConfig } from 'node:util';
import { CliError } from './cli-error.js';

export type FlagOptions = NonNullable<ParseArgsConfig['options']>;

export interface FlagRules {
  /** Whether arguments that are not flags are allowed (`sources show <id>`); refused by default. */
  positionals?: boolean;
  /** The command's help, printed after a refused flag. */
  usage?: string;
}

/**
 * `--name value`, `--name=value` and boolean `--switch` through util.parseArgs, with the operator's mistakes
 * (an unknown flag, a flag without its value, a stray argument) refused by name as a CliError.
 */
export function parseFlags<const O extends FlagOptions>(args: string[], options: O, rules: FlagRules = {}) {
  const allowPositionals = rules.positionals ?? false;
  refuseMistakes(args, options, allowPositionals, rules.usage);
  // Strict parsing only types the values: every mistake it would throw on was refused above.
  return parseArgs({ args, options, strict: true, allowPositionals });
}

function refuseMistakes(args: string[], options: FlagOptions, allowPositionals: boolean, usage: string | undefined): void {
  const { tokens } = parseArgs({ args, options, strict: false, allowPositionals: true, tokens: true });
  const refuse = (message: string) => new CliError(message, { usage });
  for (const token of tokens) {
    if (token.kind === 'positional' && !allowPositionals) throw refuse(`Unexpected argument "${token.value}".`);
    if (token.kind !== 'option') continue;
    const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    if (!option) throw refuse(`Unknown option ${token.rawName}.`);
    if (option.type === 'boolean' && token.inlineValue) throw refuse(`${token.rawName} takes no value.`);
    if (option.type === 'string' && token.value === undefined) throw refuse(`${token.rawName} needs a value.`);
    // `--from --to X` is a forgotten value rather than the date "--to"; a value that starts with "-" is given inline.
    if (option.type === 'string' && !token.inlineValue && token.value!.startsWith('-'))
      throw refuse(`${token.rawName} needs a value (got "${token.value}"; write ${token.rawName}=${token.value} if that is the value).`);
  }
}

/** An ISO date-time flag; undefined when the flag was not given. */
export function dateFlag(name: string, value: string | undefined, usage?: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()))
    throw new CliError(`--${name} needs an ISO date, e.g. 2026-11-20T06:00:00Z (got "${value}").`, { usage });
  return date;
}
