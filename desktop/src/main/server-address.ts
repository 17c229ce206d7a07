import { publicConfigSchema, type DesktopServerResult } from '@dcbrief/shared';

/**
 * The server's origin from what someone typed: "dcbrief.example.com" means https; only http and https, no
 * user name or password in it; a path, query or fragment is dropped (the server answers at its root).
 */
export function parseServerAddress(input: string): { ok: true; url: string } | { ok: false; message: string } {
  const text = input.trim();
  if (!text) return { ok: false, message: "Enter your DC Brief server's address." };
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z\d+.-]*:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return { ok: false, message: 'That is not a web address (for example https://brief.example.com).' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: 'The address must start with https:// (or http:// on your own network).' };
  if (url.username || url.password) return { ok: false, message: 'Leave the user name and password out of the address.' };
  return { ok: true, url: url.origin };
}

const CHECK_TIMEOUT_MS = 10_000;

/**
 * Whether a DC Brief server answers at `origin`: its public configuration (GET /api/config, no session
 * needed) must come back as the contract's JSON. Anything else is explained in one sentence.
 */
export async function checkServer(origin: string, fetch: (input: Request) => Promise<Response>): Promise<DesktopServerResult> {
  let res: Response;
  try {
    res = await fetch(new Request(`${origin}/api/config`, { signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) }));
  } catch {
    return { ok: false, message: `No answer from ${origin}. Check the address and your network.` };
  }
  let body: unknown = null;
  try {
    body = await res.json();
  } catch {
    // Not JSON: not a DC Brief server (a web page, a proxy's error).
  }
  if (!res.ok || !publicConfigSchema.safeParse(body).success)
    return { ok: false, message: `${origin} answers, but it is not a DC Brief server.` };
  return { ok: true, url: origin };
}

/** parseServerAddress, then checkServer. */
export async function validateServer(input: string, fetch: (input: Request) => Promise<Response>): Promise<DesktopServerResult> {
  const parsed = parseServerAddress(input);
  return parsed.ok ? checkServer(parsed.url, fetch) : parsed;
}
