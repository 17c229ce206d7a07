import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CliError } from './cli-error.js';
import { dateFlag, parseFlags } from './flags.js';

const options = { from: { type: 'string' }, weekly: { type: 'boolean' }, json: { type: 'boolean' } } as const;

/** The CliError a call throws, to check its message and the help it carries. */
function refusal(call: () => unknown): CliError {
  try {
    call();
  } catch (err) {
    assert.ok(err instanceof CliError, `a CliError, not ${String(err)}`);
    return err;
  }
  assert.fail('expected the arguments to be refused');
}

describe('parseFlags', () => {
  it('reads --name value, --name=value and switches', () => {
    assert.deepEqual({ ...parseFlags(['--from', '2026-11-20', '--weekly'], options).values }, { from: '2026-11-20', weekly: true });
    assert.deepEqual({ ...parseFlags(['--from=2026-11-20'], options).values }, { from: '2026-11-20' });
    assert.deepEqual({ ...parseFlags([], options).values }, {});
  });

  it('refuses an unknown flag by its name, with the help when given', () => {
    const err = refusal(() => parseFlags(['--weekly', '--frm', 'x'], options, { usage: 'HELP TEXT' }));
    assert.equal(err.message, 'Unknown option --frm.');
    assert.equal(err.usage, 'HELP TEXT');
    assert.equal(err.exitCode, 1);
    assert.equal(refusal(() => parseFlags(['-w'], options)).message, 'Unknown option -w.');
  });

  it('refuses a flag without its value, also when the next word is another flag', () => {
    assert.equal(refusal(() => parseFlags(['--from'], options)).message, '--from needs a value.');
    assert.match(
      refusal(() => parseFlags(['--from', '--json'], options)).message,
      /^--from needs a value \(got "--json"; write --from=--json/,
    );
    assert.deepEqual({ ...parseFlags(['--from=-1'], options).values }, { from: '-1' }, 'a dash value given inline is taken');
  });

  it('refuses a value given to a switch', () => {
    assert.equal(refusal(() => parseFlags(['--json=no'], options)).message, '--json takes no value.');
  });

  it('refuses arguments that are not flags unless the command takes them', () => {
    assert.equal(refusal(() => parseFlags(['--json', 'stray'], options)).message, 'Unexpected argument "stray".');
    assert.deepEqual(parseFlags(['golem', '--json'], options, { positionals: true }).positionals, ['golem']);
    assert.deepEqual(parseFlags(['--', '--json'], options, { positionals: true }).positionals, ['--json']);
  });

  it('does not take an inherited property for a known flag', () => {
    assert.equal(refusal(() => parseFlags(['--toString'], options)).message, 'Unknown option --toString.');
  });
});

describe('dateFlag', () => {
  it('reads an ISO date-time and leaves an absent flag undefined', () => {
    assert.equal(dateFlag('from', '2026-11-20T06:00:00Z')?.toISOString(), '2026-11-20T06:00:00.000Z');
    assert.equal(dateFlag('from', undefined), undefined);
  });

  it('refuses what is not a date, naming the flag and the value', () => {
    assert.equal(
      refusal(() => dateFlag('from', 'yesterday')).message,
      '--from needs an ISO date, e.g. 2026-11-20T06:00:00Z (got "yesterday").',
    );
  });
});
