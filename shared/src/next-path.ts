/** Longest `next=` address kept through sign-in; longer ones are refused. */
export const NEXT_PATH_MAX = 512;

/**
 * Whether `value` is a path on this site that sign-in may send someone to afterwards (`next=`). Only a
 * plain absolute path qualifies: an absolute URL (`https://...`), a protocol-relative one (`//host`), a
 * backslash (browsers read `/\host` as `//host`) or a control character would let a link signed with our
 * name send a subscriber to another site.
 */
export function isSafeNextPath(value: string): boolean {
  if (value.length === 0 || value.length > NEXT_PATH_MAX) return false;
  if (!value.startsWith('/') || value.startsWith('//')) return false;
  if (value.includes('\\')) return false;
  // eslint-disable-next-line no-control-regex -- a control character in next= is refused, so the pattern names them
  if (/[\u0000-\u001f\u007f]/.test(value)) return false;
  const base = 'http://same-origin.invalid';
  try {
    return new URL(value, base).origin === base;
  } catch {
    return false;
  }
}

/** `value` when it is a safe `next=` path, otherwise undefined (the caller lands on '/'). */
export function safeNextPath(value: unknown): string | undefined {
  return typeof value === 'string' && isSafeNextPath(value) ? value : undefined;
}
