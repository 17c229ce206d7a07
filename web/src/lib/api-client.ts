import { ApiError } from './api-error';
import { OFFLINE_COPY_HEADER } from './offline-cache';
import { recordAnswer } from './offline-copies';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface ApiConfig {
  /** Where the server answers: '' (the page's own origin) in the browser, the configured address in the desktop app. */
  baseUrl: string;
}

let config: ApiConfig = { baseUrl: '' };

/** Called once at startup, before the first request, by an entry point that talks to a server elsewhere. */
export function configureApi({ baseUrl }: ApiConfig): void {
  config = { baseUrl: baseUrl.replace(/\/+$/, '') };
}

/** The address of a server path: unchanged when relative, else joined to the base URL with one slash. */
export function apiUrl(path: string): string {
  if (!config.baseUrl) return path;
  return `${config.baseUrl}/${path.replace(/^\/+/, '')}`;
}

/** An error body as the server sent it: parsed when it is JSON, else its text; null when empty. */
function errorBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * Every call of the app (docs/SPEC.md §7): credentials included so the session cookie goes along, JSON with its
 * content type only when a body exists. Resolves to the parsed JSON answer (undefined when empty); any
 * non-success answer rejects with an ApiError. A read notes whether its answer is the service worker's offline copy
 * (lib/offline-copies.ts), for the "Offline" banner.
 */
export async function apiRequest<T>(method: Method, path: string, data?: unknown): Promise<T> {
  const hasBody = data !== undefined;
  const res = await fetch(apiUrl(path), {
    method,
    headers: hasBody ? { 'Content-Type': 'application/json' } : {},
    body: hasBody ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  const text = await res.text();
  if (!res.ok) throw new ApiError(res.status, text || res.statusText, errorBody(text));
  if (method === 'GET') recordAnswer(path, res.headers.get(OFFLINE_COPY_HEADER));
  // A success that is not JSON (an HTML page from a misrouted proxy) fails here, as res.json() would.
  return (text ? JSON.parse(text) : undefined) as T;
}
