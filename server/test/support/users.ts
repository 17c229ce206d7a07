import type { ParsedMail } from 'mailparser';
import { TestClient } from './client.js';
import { firstLink, type TestServer } from './harness.js';

/** Signs a client in the way a person does: ask for a link, open the email, follow it, confirm. */
export async function signIn(ts: TestServer, email: string, client = new TestClient(ts.url)): Promise<TestClient> {
  const before = (await ts.mailFolder()).length;
  const res = await client.post('/api/login', { email });
  if (res.status !== 200) throw new Error(`sign-in request failed: ${res.status} ${await res.text()}`);
  const mails = await ts.mailFolder();
  const mail = mails.slice(before).find((m) => recipient(m) === email.toLowerCase() && m.subject === 'Your DC Brief sign-in link');
  if (!mail) throw new Error(`no sign-in email for ${email}`);
  const link = new URL(firstLink(mail, /https?:\/\/\S+\/api\/login\/verify\?token=\S+/));
  const token = link.searchParams.get('token')!;
  const confirm = await client.request('POST', '/api/login/verify', { form: { token } });
  if (confirm.status !== 303) throw new Error(`sign-in confirm failed: ${confirm.status}`);
  return client;
}

export function recipient(mail: ParsedMail): string {
  const to = Array.isArray(mail.to) ? mail.to[0] : mail.to;
  return to?.value[0]?.address?.toLowerCase() ?? '';
}

export function tokenFrom(mail: ParsedMail): string {
  return new URL(firstLink(mail, /https?:\/\/\S+\/api\/login\/verify\?token=\S+/)).searchParams.get('token')!;
}

/** The one-time code printed beside the link (decision 020), as a person reads it: "4821 0937". */
export function codeFrom(mail: ParsedMail): string {
  const match = (mail.text ?? '').match(/Enter this code there:\s+(\d{4} \d{4})/);
  if (!match) throw new Error(`no sign-in code in email "${mail.subject}"`);
  return match[1]!;
}

/** The newest sign-in email to `email` in the mail folder. */
export async function latestSignInMail(ts: TestServer, email: string): Promise<ParsedMail> {
  const mail = (await ts.mailFolder()).filter((m) => recipient(m) === email && m.subject === 'Your DC Brief sign-in link').at(-1);
  if (!mail) throw new Error(`no sign-in email for ${email}`);
  return mail;
}
