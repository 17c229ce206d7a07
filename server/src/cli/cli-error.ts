/**
 * A failure the operator can act on: the runner prints its message (and, for a usage error, the command's
 * help) instead of a stack trace, and exits with its code.
 */
export class CliError extends Error {
  readonly exitCode: number;
  /** The help to print after the message when the command was called wrongly. */
  readonly usage: string | undefined;

  constructor(message: string, options: { exitCode?: number; usage?: string } = {}) {
    super(message);
    this.name = 'CliError';
    this.exitCode = options.exitCode ?? 1;
    this.usage = options.usage;
  }
}
