import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signing keys of the app's cookies, in the shape `cookies` (Koa's cookie jar) asks of Keygrip: `sign`,
 * `verify`, `index`. Same signatures as Keygrip's defaults (HMAC-SHA1, base64 with `+/` as `-_` and no padding),
 * so cookies signed before stay valid, and the first key signs while the others still verify (rotation).
 * Keygrip compares a signature by HMACing both sides again under a fresh random key (tsscmp, from before Node
 * had `crypto.timingSafeEqual`): a random draw and two more HMACs on every signed-in request, a tenth of its
 * CPU (docs/decisions/523). Here the comparison is `timingSafeEqual` over the two signatures.
 */
export class CookieKeys {
  private readonly keys: readonly string[];

  constructor(keys: readonly string[]) {
    if (!keys.length || keys.some((key) => !key)) throw new Error('cookie signing needs at least one non-empty key');
    this.keys = [...keys];
  }

  sign(data: string, key = this.keys[0]!): string {
    return createHmac('sha1', key).update(data).digest('base64url');
  }

  verify(data: string, digest: string): boolean {
    return this.index(data, digest) > -1;
  }

  /** Which key signed `data` with `digest`, or -1 (cookies re-signs with the first key when it was another). */
  index(data: string, digest: string): number {
    const given = Buffer.from(String(digest));
    for (let i = 0; i < this.keys.length; i++) {
      const expected = Buffer.from(this.sign(data, this.keys[i]));
      // A signature's length is public (27 characters); only its content is compared in constant time.
      if (given.length === expected.length && timingSafeEqual(given, expected)) return i;
    }
    return -1;
  }
}
