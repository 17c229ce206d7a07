import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { readMailFolder } from './support/harness.js';
import { runCli } from './support/run-cli.js';

describe('npm run admin', () => {
  let dataDir: string;
  const env = () => ({ ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', SMTP_URL: '' });
  /** `npm run admin -- ...args`: its output, or a failure with its stderr when it exits non-zero. */
  const admin = async (...args: string[]) => {
    const result = await runCli('admin.ts', args, env());
    if (result.status !== 0)
      throw Object.assign(new Error(`admin ${args.join(' ')} exited with ${result.status}: ${result.stderr}`), result);
    return result;
  };

  /** Seeds through the product's own service on the same data folder, as the waitlist form does. */
  const join = async (entry: { email: string; firstName: string; lastName: string; phoneNumber: string }) => {
    const { openCli } = await import('../src/cli/context.js');
    const { WaitlistService } = await import('../src/modules/waitlist/waitlist.service.js');
    const cli = await openCli(env());
    await new WaitlistService(cli.orm.em.fork(), cli.clock).join(entry, undefined);
    await cli.close();
  };

  before(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'dcbrief-admin-'));
    await join({ email: 'wait@example.com', firstName: 'Wen', lastName: 'Li', phoneNumber: '+86 10 1234 5678' });
  });
  after(() => rmSync(dataDir, { recursive: true, force: true }));

  test('lists the waitlist, invites an entry with an email, lists users', async () => {
    const list = await admin('waitlist');
    assert.match(list.stdout, /wait@example\.com\s+Wen Li/);
    assert.match(list.stdout, /1 on the waitlist, 0 invited\./);

    const invited = await admin('invite', 'Wait@Example.com');
    assert.match(invited.stdout, /Invited wait@example\.com/);
    const mails = await readMailFolder(path.join(dataDir, 'mail'));
    assert.equal(mails.at(-1)?.subject, 'Your DC Brief invitation');
    assert.match(mails.at(-1)?.text ?? '', /\/api\/login\?email=wait%40example\.com/);
    assert.match((await admin('waitlist')).stdout, /1 on the waitlist, 1 invited\./);

    assert.match((await admin('users')).stdout, /No users yet\./);
  });

  test('refuses an email that is not on the waitlist, and unknown commands', async () => {
    await assert.rejects(admin('invite', 'stranger@example.com'), (err: { stderr: string }) => /not on the waitlist/.test(err.stderr));
    await assert.rejects(admin('frobnicate'), (err: { stderr: string }) => /Unknown command/.test(err.stderr));
  });

  test('shows the control characters of a name a visitor typed instead of sending them to the terminal', async () => {
    // Clear the screen, retitle the window, reverse the rest of the line: nothing the operator should receive.
    await join({
      email: 'eve@example.com',
      firstName: 'Eve\x1b[2J',
      lastName: '\x1b]0;pwned\x07\u202eiL',
      phoneNumber: '+44 20 7946 0000',
    });
    const { stdout } = await admin('waitlist');
    assert.doesNotMatch(stdout, /[\x00-\x09\x0b-\x1f\x7f-\x9f\u202e]/, 'no control character but the line ends');
    assert.match(stdout, /eve@example\.com\s+Eve\\u001b\[2J \\u001b\]0;pwned\\u0007\\u202eiL\s+\+44/);
    assert.match(stdout, /2 on the waitlist/);
  });
});
