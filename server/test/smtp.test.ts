import assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import { userSchema } from '@dcbrief/shared';
import { json, TestClient } from './support/client.js';
import { firstLink, startTestServer, type TestServer } from './support/harness.js';
import { startSmtpSink, type SmtpSink } from './support/smtp-sink.js';

describe('email over SMTP (SMTP_URL set)', () => {
  let smtp: SmtpSink;
  let ts: TestServer;
  before(async () => {
    smtp = await startSmtpSink();
    ts = await startTestServer({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'DC Brief <brief@dcbrief.example>' } });
  });
  after(async () => {
    await ts.close();
    await smtp.close();
  });

  test('the sign-in link arrives through a real SMTP server and signs the reader in', async () => {
    const client = new TestClient(ts.url);
    const res = await client.post('/api/login', { email: 'smtp.user@example.com' });
    assert.equal(res.status, 200);
    // Sign-in emails leave through the account emails' outbox, right after the answer.
    await ts.accountMail.idle();
    assert.equal(smtp.messages.length, 1);
    const mail = smtp.messages[0]!;
    assert.deepEqual(smtp.envelopes[0], ['smtp.user@example.com']);
    assert.equal(mail.from?.value[0]?.address, 'brief@dcbrief.example');
    assert.equal(mail.subject, 'Your DC Brief sign-in link');
    assert.ok(mail.html && mail.text, 'HTML and plain-text parts');
    const link = firstLink(mail, /https?:\/\/\S+\/api\/login\/verify\?token=\S+/);
    assert.ok(link.startsWith(ts.config.publicUrl));
    const token = new URL(link).searchParams.get('token')!;
    assert.equal((await client.request('POST', '/api/login/verify', { form: { token } })).status, 303);
    assert.equal((await json(await client.get('/api/auth/user'), userSchema)).email, 'smtp.user@example.com');
    const mailDir = ts.config.mail.mailDir;
    assert.ok(!existsSync(mailDir) || readdirSync(mailDir).length === 0, 'nothing written to the mail folder');
  });
});
