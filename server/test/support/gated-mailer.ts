import type { Mailer, MailMessage, SentMail } from '../../src/mail/mailer.js';

/**
 * A mailer that holds every message until released, then hands it on to the real one: a send in flight (a pass
 * in the middle of sending, a job that cannot end yet) for as long as a test needs.
 */
export class GatedMailer implements Mailer {
  waiting = 0;
  private open = false;
  private readonly queue: Array<() => void> = [];
  constructor(private readonly inner: Mailer) {}
  async send(message: MailMessage): Promise<SentMail> {
    if (!this.open) {
      this.waiting++;
      await new Promise<void>((resolve) => this.queue.push(resolve));
    }
    return this.inner.send(message);
  }
  release() {
    this.open = true;
    for (const resolve of this.queue.splice(0)) resolve();
  }
  async close() {}
}
