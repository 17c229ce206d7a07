import type { AddressInfo } from 'node:net';
import { after, before } from 'node:test';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { SmtpMailer, type Mailer } from '../../src/mail/mailer.js';

export interface SmtpSink {
  url: string;
  messages: ParsedMail[];
  /** Envelope recipients per message, as the server saw them. */
  envelopes: string[][];
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps what it receives. `port`: listen there (a sink started again where an
 * earlier one was, as a mail server coming back); `closeTimeoutMs`: how long `close` lets open connections finish
 * before it answers them 421 and drops them (smtp-server's default is 30 s).
 */
export async function startSmtpSink(options: { port?: number; closeTimeoutMs?: number } = {}): Promise<SmtpSink> {
  const messages: ParsedMail[] = [];
  const envelopes: string[][] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...(options.closeTimeoutMs ? { closeTimeout: options.closeTimeoutMs } : {}),
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          messages.push(mail);
          envelopes.push(session.envelope.rcptTo.map((r) => r.address));
          callback();
        })
        .catch(callback);
    },
  });
  // A client that goes away mid-session (a test stopping a server) must not crash the test process.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    envelopes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A loopback SMTP sink and a pooled mailer to it for the enclosing `describe`: started before its tests,
 * closed after them. Read `sink` and `smtp` inside tests and hooks (they exist once `before` has run).
 */
export function useSmtpSinkMailer(): { readonly sink: SmtpSink; readonly smtp: Mailer } {
  const state = {} as { sink: SmtpSink; smtp: Mailer };
  before(async () => {
    state.sink = await startSmtpSink();
    state.smtp = new SmtpMailer(state.sink.url, 'DC Brief <brief@localhost>');
  });
  after(async () => {
    await state.smtp?.close();
    await state.sink?.close();
  });
  return state;
}
