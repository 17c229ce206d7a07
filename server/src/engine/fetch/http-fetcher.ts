import iconv from 'iconv-lite';
import pLimit, { type LimitFunction } from 'p-limit';

export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  userAgent: string;
  concurrency: number;
  perHostConcurrency: number;
}

export interface ConditionalHeaders {
  etag?: string | null;
  lastModified?: string | null;
}

export type FetchResult =
  | { kind: 'ok'; status: number; url: string; body: string; contentType: string; etag: string | null; lastModified: string | null }
  | { kind: 'not-modified'; status: 304; url: string }
  | { kind: 'failed'; status: number | null; url: string; error: string };

/** The feed fetcher port: everything that reaches the network goes through it. */
export interface Fetcher {
  fetch(url: string, conditional?: ConditionalHeaders, accept?: string): Promise<FetchResult>;
}

class FetchFailure extends Error {
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}

/**
 * Polite HTTP: conditional GET, overall and per-host concurrency, one deadline for headers and body,
 * a body size cap, a redirect limit (followed by hand so loops end), a User-Agent naming the product,
 * and decoding by the charset the server or the document declares.
 */
export class HttpFetcher implements Fetcher {
  private readonly overall: LimitFunction;
  private readonly hosts = new Map<string, LimitFunction>();

  constructor(private readonly limits: FetchLimits) {
    this.overall = pLimit(limits.concurrency);
  }

  fetch(url: string, conditional: ConditionalHeaders = {}, accept = FEED_ACCEPT): Promise<FetchResult> {
    let host: string;
    try {
      host = new URL(url).host;
    } catch {
      return Promise.resolve({ kind: 'failed', status: null, url, error: 'invalid URL' });
    }
    // The host's slot first, then an overall one: a request queued behind a busy host holds no overall
    // slot while it waits, so other hosts keep the whole overall capacity.
    return this.hostLimit(host)(() => this.overall(() => this.fetchNow(url, conditional, accept)));
  }

  private hostLimit(host: string): LimitFunction {
    let limit = this.hosts.get(host);
    if (!limit) {
      limit = pLimit(this.limits.perHostConcurrency);
      this.hosts.set(host, limit);
    }
    return limit;
  }

  private async fetchNow(startUrl: string, conditional: ConditionalHeaders, accept: string): Promise<FetchResult> {
    const controller = new AbortController();
    const timer = setTimeout(
      () => controller.abort(new FetchFailure(`timed out after ${this.limits.timeoutMs} ms`)),
      this.limits.timeoutMs,
    );
    let url = startUrl;
    try {
      for (let hop = 0; ; hop++) {
        const headers: Record<string, string> = { 'user-agent': this.limits.userAgent, accept, 'accept-encoding': 'gzip, deflate, br' };
        if (conditional.etag) headers['if-none-match'] = conditional.etag;
        if (conditional.lastModified) headers['if-modified-since'] = conditional.lastModified;
        const res = await fetch(url, { headers, redirect: 'manual', signal: controller.signal });
        if (res.status >= 300 && res.status < 400 && res.status !== 304) {
          await res.body?.cancel();
          const location = res.headers.get('location');
          if (!location) throw new FetchFailure(`redirect ${res.status} without Location`, res.status);
          if (hop >= this.limits.maxRedirects) throw new FetchFailure(`more than ${this.limits.maxRedirects} redirects`, res.status);
          url = new URL(location, url).toString();
          continue;
        }
        if (res.status === 304) {
          await res.body?.cancel();
          return { kind: 'not-modified', status: 304, url };
        }
        if (!res.ok) {
          await res.body?.cancel();
          throw new FetchFailure(`HTTP ${res.status}`, res.status);
        }
        const bytes = await readCapped(res, this.limits.maxBytes);
        const contentType = res.headers.get('content-type') ?? '';
        return {
          kind: 'ok',
          status: res.status,
          url,
          body: decodeBody(bytes, contentType),
          contentType,
          etag: res.headers.get('etag'),
          lastModified: res.headers.get('last-modified'),
        };
      }
    } catch (err) {
      const reason = controller.signal.aborted ? controller.signal.reason : err;
      const failure = reason instanceof FetchFailure ? reason : null;
      return { kind: 'failed', status: failure?.status ?? null, url, error: failure?.message ?? describeFetchError(reason) };
    } finally {
      clearTimeout(timer);
    }
  }
}

export const FEED_ACCEPT =
  'application/rss+xml, application/atom+xml, application/feed+json, application/json;q=0.9, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5';
export const PAGE_ACCEPT = 'text/html, application/xhtml+xml;q=0.9, */*;q=0.5';

async function readCapped(res: Response, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers.get('content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel();
    throw new FetchFailure(`body larger than ${maxBytes} bytes`, res.status);
  }
  if (!res.body) return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let total = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      await reader.cancel();
      throw new FetchFailure(`body larger than ${maxBytes} bytes`, res.status);
    }
    chunks.push(Buffer.from(value));
  }
  return Buffer.concat(chunks);
}

/**
 * Charset from the BOM, then from the first bytes when they are UTF-16 or UTF-32 without a BOM (`<` is 3C 00,
 * 00 3C, 3C 00 00 00 or 00 00 00 3C: XML 1.0 appendix F), then the Content-Type header, then the XML declaration
 * or HTML meta tag; UTF-8 otherwise.
 */
export function decodeBody(bytes: Buffer, contentType: string): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return bytes.subarray(3).toString('utf8');
  const wide = wideEncoding(bytes);
  if (wide) return decodeWide(bytes.subarray(wide.bom), wide.encoding);
  const head = bytes.subarray(0, 1024).toString('latin1');
  const declared =
    /charset=["']?([\w.:-]+)/i.exec(contentType)?.[1] ??
    /<\?xml[^>]*encoding=["']([\w.:-]+)["']/i.exec(head)?.[1] ??
    /<meta[^>]+charset=["']?([\w.:-]+)/i.exec(head)?.[1];
  const charset = declared?.toLowerCase();
  if (charset && charset !== 'utf-8' && charset !== 'utf8' && iconv.encodingExists(charset)) return iconv.decode(bytes, charset);
  const text = bytes.toString('utf8');
  // A body that claims (or defaults to) UTF-8 but is not: most often Windows-1252 served without a charset.
  if (text.includes('\uFFFD') && !declared) return iconv.decode(bytes, 'win1252');
  return text;
}

type WideEncoding = 'utf16le' | 'utf16be' | 'utf32le' | 'utf32be';

/** UTF-16 or UTF-32 told by a byte-order mark or by the zero bytes around the document's first character. */
function wideEncoding(b: Buffer): { encoding: WideEncoding; bom: number } | null {
  if (b.length < 4) {
    if (b[0] === 0xff && b[1] === 0xfe) return { encoding: 'utf16le', bom: 2 };
    if (b[0] === 0xfe && b[1] === 0xff) return { encoding: 'utf16be', bom: 2 };
    return null;
  }
  const [b0, b1, b2, b3] = [b[0]!, b[1]!, b[2]!, b[3]!];
  if (b0 === 0x00 && b1 === 0x00 && b2 === 0xfe && b3 === 0xff) return { encoding: 'utf32be', bom: 4 };
  if (b0 === 0xff && b1 === 0xfe && b2 === 0x00 && b3 === 0x00) return { encoding: 'utf32le', bom: 4 };
  if (b0 === 0xff && b1 === 0xfe) return { encoding: 'utf16le', bom: 2 };
  if (b0 === 0xfe && b1 === 0xff) return { encoding: 'utf16be', bom: 2 };
  if (b0 === 0x00 && b1 === 0x00 && b2 === 0x00 && b3 !== 0x00) return { encoding: 'utf32be', bom: 0 };
  if (b0 !== 0x00 && b1 === 0x00 && b2 === 0x00 && b3 === 0x00) return { encoding: 'utf32le', bom: 0 };
  if (b0 === 0x00 && b1 !== 0x00 && b2 === 0x00 && b3 !== 0x00) return { encoding: 'utf16be', bom: 0 };
  if (b0 !== 0x00 && b1 === 0x00 && b2 !== 0x00 && b3 === 0x00) return { encoding: 'utf16le', bom: 0 };
  return null;
}

/** iconv-lite reads UTF-16; UTF-32 (which it lacks) is read code point by code point, bad ones as U+FFFD. */
function decodeWide(bytes: Buffer, encoding: WideEncoding): string {
  if (encoding === 'utf16le' || encoding === 'utf16be') return iconv.decode(bytes, encoding);
  const parts: string[] = [];
  let chunk: number[] = [];
  for (let i = 0; i + 3 < bytes.length; i += 4) {
    const cp = encoding === 'utf32le' ? bytes.readUInt32LE(i) : bytes.readUInt32BE(i);
    chunk.push(cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff) ? cp : 0xfffd);
    if (chunk.length === 8192) {
      parts.push(String.fromCodePoint(...chunk));
      chunk = [];
    }
  }
  parts.push(String.fromCodePoint(...chunk));
  return parts.join('');
}

/**
 * Network failures in words an operator reads in the CLI's table and the source's health, with undici's or the
 * system's code kept in brackets for a search (e.g. "connection closed by the server (UND_ERR_SOCKET)").
 */
const NETWORK_FAILURES: Record<string, string> = {
  UND_ERR_SOCKET: 'connection closed by the server',
  ECONNRESET: 'connection reset by the server',
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed (temporary)',
  ETIMEDOUT: 'connection timed out',
  UND_ERR_CONNECT_TIMEOUT: 'connection timed out',
  UND_ERR_HEADERS_TIMEOUT: 'no response headers in time',
  UND_ERR_BODY_TIMEOUT: 'response body stalled',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  EPIPE: 'connection closed while sending',
  CERT_HAS_EXPIRED: 'TLS certificate expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'TLS certificate is self-signed',
  SELF_SIGNED_CERT_IN_CHAIN: 'TLS certificate chain is self-signed',
  UNABLE_TO_VERIFY_LEAF_SIGNATURE: 'TLS certificate could not be verified',
  ERR_TLS_CERT_ALTNAME_INVALID: 'TLS certificate is for another host',
  UND_ERR_INFO: 'invalid response from the server',
  HPE_INVALID_CONSTANT: 'invalid HTTP response',
  HPE_INVALID_HEADER_TOKEN: 'invalid HTTP response header',
};

export function describeFetchError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = (err as Error & { cause?: { code?: string; message?: string } }).cause;
  const code = cause?.code ?? (err as Error & { code?: string }).code;
  if (code && NETWORK_FAILURES[code]) return `${NETWORK_FAILURES[code]} (${code})`;
  if (code) return cause?.message && cause.message !== code ? `${cause.message} (${code})` : code;
  return cause?.message ?? err.message;
}
