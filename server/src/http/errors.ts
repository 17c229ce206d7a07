/** A failure the client caused or may act on; its message is shown to the user as is. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'Forbidden') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message: string, retryAfterSec: number) =>
  new HttpError(429, message, { 'Retry-After': String(Math.max(1, Math.ceil(retryAfterSec))) });

/**
 * A feature this server has no settings for (a webhook's secret, the payment keys): a 503 in the caller's words, and
 * for the operator the integration and what to set. It is no fault of the request, and anyone may ask again and
 * again, so the error handler tells the operator once rather than logging each answer.
 */
export class NotConfigured extends HttpError {
  constructor(
    readonly integration: string,
    readonly remedy: string,
    message: string,
  ) {
    super(503, message);
  }
}
