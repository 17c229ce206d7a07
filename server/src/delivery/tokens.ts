import { createHmac, timingSafeEqual } from 'node:crypto';

/** What an email link may do without a session: rate one digest, or unsubscribe its reader. */
export type LinkPayload = { p: 'rate'; u: string; d: string } | { p: 'unsub'; u: string };

const SIG_BYTES = 16;

/**
 * Signed, stateless email-link tokens: base64url(JSON payload) + "." + HMAC-SHA256 truncated to 128 bits.
 * The key is derived from SESSION_SECRET with a purpose label, so a link token can never pass for a
 * session cookie signature (or the reverse); rotating SESSION_SECRET retires every emailed link.
 */
export class LinkSigner {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = createHmac('sha256', secret).update('dcbrief:email-links:v1').digest();
  }

  sign(payload: LinkPayload): string {
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  verify(token: string): LinkPayload | null {
    if (typeof token !== 'string' || token.length > 512) return null;
    const [body, sig, extra] = token.split('.');
    if (!body || !sig || extra !== undefined) return null;
    const expected = Buffer.from(this.mac(body), 'base64url');
    const given = Buffer.from(sig, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    try {
      const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as LinkPayload;
      if (payload.p === 'rate' && typeof payload.u === 'string' && typeof payload.d === 'string') return payload;
      if (payload.p === 'unsub' && typeof payload.u === 'string') return payload;
      return null;
    } catch {
      return null;
    }
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest().subarray(0, SIG_BYTES).toString('base64url');
  }
}
