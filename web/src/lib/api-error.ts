/**
 * Errors from apiRequest read "STATUS: body". These helpers recover the parts the screens need
 * without changing that format (spec section 8).
 */
const STATUS_PREFIX = /^(\d{3}): ([\s\S]*)$/;

export function errorStatus(error: unknown): number | null {
  const match = error instanceof Error ? STATUS_PREFIX.exec(error.message) : null;
  return match ? Number(match[1]) : null;
}

export function isUnauthorizedError(error: unknown): boolean {
  return errorStatus(error) === 401;
}

/** The server's own words: the `message` of its JSON error body; null when it sent none (network failure, HTML from a proxy). */
export function serverErrorMessage(error: unknown): string | null {
  const match = error instanceof Error ? STATUS_PREFIX.exec(error.message) : null;
  if (!match) return null;
  try {
    const parsed: unknown = JSON.parse(match[2] ?? '');
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message.trim()) {
      return parsed.message;
    }
  } catch {
    // Not JSON: not a message written for people.
  }
  return null;
}
