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

/** The server's own words: the `message` of a JSON error body, or the plain body text; null when there are none. */
export function serverErrorMessage(error: unknown): string | null {
  const match = error instanceof Error ? STATUS_PREFIX.exec(error.message) : null;
  if (!match) return null;
  const body = (match[2] ?? '').trim();
  if (!body) return null;
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string' && parsed.message) {
      return parsed.message;
    }
    return null;
  } catch {
    return body.startsWith('<') ? null : body;
  }
}
