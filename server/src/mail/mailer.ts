import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import type * as Nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type { Logger } from '../lib/logger.js';

/** A MIME part already encoded, headers and body (nodemailer's `{ raw }` node): see delivery/email-template.ts. */
export interface MailPart {
  raw: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string | MailPart;
  html: string | MailPart;
  headers?: Record<string, string>;
}

export interface SentMail {
  messageId: string;
  /** Where the embedded default wrote the message, when it did. */
  file?: string;
}

/**
 * nodemailer, loaded when the first mailer makes its transport (on its first message): an operator command
 * that sends nothing, the ingest CLI among them, does not pay its 6-10 MB of memory (docs/decisions/517).
 */
let loaded: typeof Nodemailer | undefined;
const nodemailer = (): typeof Nodemailer => (loaded ??= createRequire(import.meta.url)('nodemailer') as typeof Nodemailer);

/** The port every email goes through. */
export interface Mailer {
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}

/** SMTP through nodemailer, with pooled connections. */
export class SmtpMailer implements Mailer {
  private transport: Transporter | undefined;
  private readonly url: string;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    const url = new URL(smtpUrl);
    url.searchParams.set('pool', 'true');
    this.url = url.toString();
  }

  async send(message: MailMessage): Promise<SentMail> {
    this.transport ??= nodemailer().createTransport(this.url);
    const info = await this.transport.sendMail({ from: this.from, ...message });
    return { messageId: info.messageId };
  }

  async close(): Promise<void> {
    this.transport?.close();
  }
}

/**
 * The embedded default: each message is written as an RFC 822 `.eml` file in the mail folder
 * (DATA_DIR/mail, not to be confused with the delivery outbox, the `deliveries` table) and its
 * subject and links are logged, so a local operator can follow a sign-in link without a mail server.
 */
export class EmlFolderMailer implements Mailer {
  private transport: Transporter | undefined;
  private sequence = 0;

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {
    // Owner-only: the folder holds sign-in links, which are as good as a password for a quarter of an hour.
    mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  async send(message: MailMessage): Promise<SentMail> {
    this.transport ??= nodemailer().createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    const info = await this.transport.sendMail({ from: this.from, ...message });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = path.join(this.dir, `${stamp}-${process.pid}-${++this.sequence}.eml`);
    writeFileSync(file, info.message as Buffer, { mode: 0o600 });
    // The links of a plain-text body (sign-in emails); a digest's are in its file.
    const links = typeof message.text === 'string' ? [...new Set(message.text.match(/https?:\/\/\S+/g) ?? [])] : undefined;
    this.logger.info({ to: message.to, subject: message.subject, links, file }, 'email written to the mail folder');
    return { messageId: info.messageId, file };
  }

  async close(): Promise<void> {}
}

export function createMailer(config: { smtpUrl: string | null; from: string; mailDir: string }, logger: Logger): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.from) : new EmlFolderMailer(config.mailDir, config.from, logger);
}
