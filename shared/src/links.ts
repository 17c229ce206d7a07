/**
 * Links we render come from feeds, catalogs and people: only web pages (http, https) and, where we write
 * them ourselves, email addresses (mailto) become links. `javascript:`, `data:`, `vbscript:` and anything
 * else are shown as text, never as an href (the CSP is the second line, not the first).
 */
const WEB = new Set(['http:', 'https:']);

function parse(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** An absolute http(s) URL with a host, as a browser would read it (tabs, newlines and case included). */
export function isHttpUrl(value: string): boolean {
  const url = parse(value);
  return url !== null && WEB.has(url.protocol) && url.hostname !== '';
}

/** The href to render for `value`: the URL as a browser reads it when it is http(s) or mailto, else null. */
export function safeHref(value: string): string | null {
  const url = parse(value);
  if (!url) return null;
  if (WEB.has(url.protocol) && url.hostname !== '') return url.href;
  if (url.protocol === 'mailto:') return url.href;
  return null;
}
