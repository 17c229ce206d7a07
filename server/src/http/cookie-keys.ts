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
    const expected = this.signatures(data);
    for (let i = 0; i < expected.length; i++) {
      // A signature's length is public (27 characters); only its content is compared in constant time.
      if (given.length === expected[i]!.length && timingSafeEqual(given, expected[i]!)) return i;
    }
    return -1;
  }

  /**
   * `data`'s signature under each key, remembered for the data last verified: every request of a signed-in
   * visitor verifies the same session id, and an HMAC (made anew, digested) was about 2% of that request
   * (docs/decisions/526). Only what this object computed from `data` is kept, never a signature it was given, and
   * the comparison above stays constant-time either way. Bounded: the oldest entry goes first.
   */
  private signatures(data: string): readonly Buffer[] {
    const known = this.computed.get(data);
    if (known) return known;
    const made = this.keys.map((key) => Buffer.from(this.sign(data, key)));
    if (this.computed.size >= KEPT_SIGNATURES) this.computed.delete(this.computed.keys().next().value!);
    this.computed.set(data, made);
    return made;
  }

  private readonly computed = new Map<string, readonly Buffer[]>();
}

/** Signed values (session ids) whose signatures are kept: about 150 bytes each. */
const KEPT_SIGNATURES = 10_000;
