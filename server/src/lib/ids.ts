import { randomFillSync, randomUUID } from 'node:crypto';

/**
 * A random UUID (v4) held as one flat string. Node builds `randomUUID()`'s result by concatenating two-digit
 * pieces, which V8 keeps as a tree of a dozen rope nodes: about 490 bytes of heap an id instead of 66. An
 * ingest pass keeps the ids of every new article and story until it stores them (17,000 at 250 x 40 feeds),
 * so it makes them flat once (docs/decisions/517).
 */
export function flatUUID(): string {
  return Buffer.from(randomUUID(), 'latin1').toString('latin1');
}

const SECRET_ID_BYTES = 32;
const SECRET_IDS_PER_DRAW = 128;
const secretPool = Buffer.alloc(SECRET_ID_BYTES * SECRET_IDS_PER_DRAW);
let secretOffset = secretPool.length;

/**
 * 32 random bytes, base64url: a session id. Drawn from the system's CSPRNG 128 ids at a time (as Node's
 * `randomUUID()` keeps a cache of its own), and each byte is used once. koa-session asks for an id on every request
 * that comes without a session, most of which never store one: a `randomBytes(32)` call each was about 5% of a
 * signed-out request (docs/decisions/535).
 */
export function secretId(): string {
  if (secretOffset === secretPool.length) {
    randomFillSync(secretPool);
    secretOffset = 0;
  }
  const id = secretPool.toString('base64url', secretOffset, secretOffset + SECRET_ID_BYTES);
  secretPool.fill(0, secretOffset, secretOffset + SECRET_ID_BYTES);
  secretOffset += SECRET_ID_BYTES;
  return id;
}
