import type { Context, Next } from 'koa';
import type { Logger } from 'pino';
import { HttpError, NotConfigured } from '../errors.js';

interface ErrorWithStatus {
  status?: number;
  statusCode?: number;
  expose?: boolean;
  message?: string;
  type?: string;
}

/**
 * Turns an error of another layer (a payment provider's, say) into the answer the client gets, or says it is not
 * one of its own (undefined). Each module maps its own errors; app.ts hands the mappings over.
 */
export type ErrorTranslator = (err: unknown) => HttpError | undefined;

/** The one place errors become responses: `{"message": ...}` for the API, nothing internal leaks. */
export function errorHandler({ logger, translate = [] }: { logger: Logger; translate?: ErrorTranslator[] }) {
  const tellOperator = onceEach(logger);
  return async function handleErrors(ctx: Context, next: Next) {
    try {
      await next();
      // Koa and the router answer unknown paths and methods with plain text; the API answers JSON.
      if (ctx.path.startsWith('/api/') && ctx.status >= 400 && (ctx.body === undefined || ctx.body === null)) {
        const status = ctx.status;
        ctx.body = { message: status === 404 ? 'Not found' : status === 405 ? 'Method not allowed' : 'Request failed' };
        ctx.status = status;
      }
    } catch (err) {
      const { status, message, headers } = toResponse(err, translate);
      if (err instanceof NotConfigured) tellOperator(err);
      else if (status >= 500) logger.error({ err, requestId: ctx.state.requestId, path: ctx.path }, 'request failed');
      ctx.status = status;
      ctx.set(headers);
      ctx.body = { message };
    }
  };
}

/**
 * A missing setting, told at warn the first time a request meets it and never again by this process: the answers
 * after it are the same 503, and a line each would let anyone fill the log. Keyed by what the line says, so a
 * second problem of one integration (another price) is told too; the settings bound how many lines there can be.
 */
function onceEach(logger: Logger): (err: NotConfigured) => void {
  const told = new Set<string>();
  return function tellOnce({ integration, remedy }: NotConfigured) {
    const line = `${integration} not configured: ${remedy}. Its requests are answered 503 until it is.`;
    if (told.has(line)) return;
    told.add(line);
    logger.warn({ integration }, line);
  };
}

function toResponse(err: unknown, translators: ErrorTranslator[]): { status: number; message: string; headers: Record<string, string> } {
  if (err instanceof HttpError) return { status: err.status, message: err.message, headers: err.headers };
  for (const translate of translators) {
    const mapped = translate(err);
    if (mapped) return { status: mapped.status, message: mapped.message, headers: mapped.headers };
  }
  const e = (err ?? {}) as ErrorWithStatus;
  const status = e.status ?? e.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    return { status, message: clientMessage(status, e), headers: {} };
  }
  return { status: 500, message: 'Something went wrong on our side. Please try again.', headers: {} };
}

/** Body-parser and Koa errors carry a status; give them words a person can act on. */
function clientMessage(status: number, e: ErrorWithStatus): string {
  if (status === 413) return 'Request body is too large';
  if (status === 415) return 'Unsupported content type';
  if (status === 400 && e.type === 'entity.parse.failed') return 'Request body is not valid JSON';
  if (e.expose && e.message) return e.message;
  return status === 400 ? 'Bad request' : 'Request failed';
}
