import { createHash } from 'node:crypto';

/** Providers that ignore dots in the local part: one mailbox, however it is written. */
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

/**
 * The address as one mailbox: lower case, without a `+tag` (most providers deliver `ana+x@` to `ana@`), and
 * for Gmail without dots and with googlemail.com read as gmail.com. `Ana.Silva+trial2@gmail.com` and
 * `anasilva@googlemail.com` are one mailbox, so one trial (docs/decisions/008).
 */
export function normaliseEmail(email: string): string {
  const lower = email.trim().toLowerCase();
  const at = lower.lastIndexOf('@');
  if (at <= 0) return lower;
  const whole = lower.slice(0, at);
  let local = whole.split('+')[0] || whole;
  let domain = lower.slice(at + 1);
  if (DOTLESS_DOMAINS.has(domain)) {
    local = local.replace(/\./g, '') || local;
    domain = 'gmail.com';
  }
  return `${local}@${domain}`;
}

/**
 * What `trial_claims` stores for an address: SHA-256 of the normalised address, never the address itself.
 * Unkeyed on purpose: a keyed hash would forget every claim when its key (SESSION_SECRET) is rotated.
 */
export function trialEmailHash(email: string): string {
  return createHash('sha256')
    .update(`dcbrief-trial:${normaliseEmail(email)}`)
    .digest('hex');
}
