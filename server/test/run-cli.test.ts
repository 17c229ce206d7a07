import assert from 'node:assert/strict';
import { once } from 'node:events';
import { test } from 'node:test';
import { until } from './support/deadline.js';
import { startCli } from './support/run-cli.js';

test('a CLI that never ends is killed at its deadline and fails the test with what it wrote', async () => {
  const cli = startCli('../../test/fixtures/cli/hangs.ts', [], {}, { timeoutMs: 6_000 });
  await until(() => cli.output().stdout.includes('started'), 'the command to start');
  await assert.rejects(cli.done, /hangs\.ts did not finish within 6000 ms and was killed\.\nstdout so far:\nstarted, waiting forever/);
  if (cli.child.exitCode === null && cli.child.signalCode === null) await once(cli.child, 'close');
  assert.equal(cli.child.signalCode, 'SIGKILL');
});
