/**
 * A non-success answer from the server. Its message is the spec's "STATUS: body" (section 8), the body's
 * text or the status text when the body is empty; `body` is that body parsed when it is JSON, else its text.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly body: unknown;

  constructor(status: number, text: string, body: unknown) {
    super(`${status}: ${text}`);
    this.status = status;
    this.body = body;
  }
}

export function errorStatus(error: unknown): number | null {
  return error instanceof ApiError ? error.status : null;
}

export function isUnauthorizedError(error: unknown): boolean {
  return errorStatus(error) === 401;
}

/** The server's own words: the `message` of its JSON error body; null when it sent none (network failure, HTML from a proxy). */
export function serverErrorMessage(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const { body } = error;
  if (body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' && body.message.trim()) {
    return body.message;
  }
  return null;
}
