import { vi } from 'vitest';

/** One recorded request the app made. */
export interface RecordedCall {
  method: string;
  /** The address exactly as the app asked for it. */
  url: string;
  path: string;
  body: unknown;
  credentials: RequestCredentials | undefined;
  contentType: string | null;
}

export type FakeReply = { status: number; body?: unknown; statusText?: string } | ((url: URL) => Promise<Response>);

/**
 * Replaces fetch with a table of "METHOD /path" -> reply, records every call, and answers 404 for anything
 * unlisted, so a test sees exactly what the screen asked the server.
 */
export function fakeApi(routes: Record<string, FakeReply>) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    calls.push({
      method,
      url: String(input),
      path: url.pathname,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
      contentType: headers.get('Content-Type'),
    });
    const reply = routes[`${method} ${url.pathname}`];
    if (!reply) return new Response(JSON.stringify({ message: 'Not Found' }), { status: 404, statusText: 'Not Found' });
    if (typeof reply === 'function') return reply(url);
    const text = reply.body === undefined ? '' : typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(text || null, { status: reply.status, statusText: reply.statusText ?? '' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export const signedOut: FakeReply = { status: 401, body: { message: 'Unauthorized' } };

/** A reply that waits until the test says so: for loading and in-flight states. */
export function deferredReply() {
  let release!: (response: Response) => void;
  const promise = new Promise<Response>((resolve) => (release = resolve));
  return {
    reply: () => promise,
    resolveJson: (status: number, body: unknown) => release(new Response(JSON.stringify(body), { status })),
  };
}
