/**
 * Links we render from feeds and catalogs: only web pages (http, https) become links. `javascript:`, `data:`,
 * `vbscript:`, `urn:` and anything else are shown as text, never as an href (the CSP is the second line, not the
 * first). A string that passes is rendered as given: a browser parses it the same way.
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
