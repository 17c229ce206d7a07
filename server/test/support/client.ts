import assert from 'node:assert/strict';
import { z } from 'zod';

/** A fetch Response whose JSON tests read freely (assertions check the shape). */
export type TestResponse = Omit<Response, 'json'> & { json(): Promise<any> };

/** A small HTTP client with a cookie jar, so a test acts like one browser. */
export class TestClient {
  private readonly cookies = new Map<string, string>();

  constructor(private readonly baseUrl: string) {}

  async request(
    method: string,
    urlPath: string,
    options: { json?: unknown; form?: Record<string, string>; body?: string; headers?: Record<string, string> } = {},
  ): Promise<TestResponse> {
    const headers: Record<string, string> = { ...options.headers };
    let body: string | undefined = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    } else if (options.form) {
      headers['content-type'] ??= 'application/x-www-form-urlencoded';
      body = new URLSearchParams(options.form).toString();
    }
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    const res = await fetch(new URL(urlPath, this.baseUrl), { method, headers, body, redirect: 'manual' });
    this.store(res);
    return res as TestResponse;
  }

  get = (p: string, headers?: Record<string, string>) => this.request('GET', p, { headers });
  post = (p: string, json?: unknown) => this.request('POST', p, { json });
  put = (p: string, json?: unknown) => this.request('PUT', p, { json });

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  /** Copies the cookies, e.g. to replay an old session cookie after logout. */
  snapshot(): Map<string, string> {
    return new Map(this.cookies);
  }

  restore(cookies: Map<string, string>): void {
    this.cookies.clear();
    for (const [k, v] of cookies) this.cookies.set(k, v);
  }

  private store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a)) || value === '';
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
}

/**
 * The JSON body of `res` parsed with the shared contract's schema of its endpoint (`@dcbrief/shared`), typed
 * by it. A body that drifts from the contract fails the test with zod's issues and the body: a missing or
 * mistyped field, or a field the contract does not have (the schemas would silently drop it).
 */
export async function json<S extends z.ZodType>(res: Response, schema: S): Promise<z.output<S>> {
  const where = `${res.status} from ${new URL(res.url).pathname}`;
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    assert.fail(`${where} is not JSON: ${text.slice(0, 500)}`);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) assert.fail(`${where} does not match the contract:\n${z.prettifyError(parsed.error)}\nbody: ${text.slice(0, 2000)}`);
  const extra = fieldsOutside(body, parsed.data);
  if (extra.length) assert.fail(`${where} has fields the contract does not have: ${extra.join(', ')}`);
  return parsed.data;
}

/** Paths of object keys in `raw` that parsing dropped. */
function fieldsOutside(raw: unknown, parsed: unknown, at = ''): string[] {
  if (Array.isArray(raw) && Array.isArray(parsed)) return raw.flatMap((item, i) => fieldsOutside(item, parsed[i], `${at}[${i}]`));
  if (!isObject(raw) || !isObject(parsed)) return [];
  return Object.keys(raw).flatMap((key) =>
    key in parsed ? fieldsOutside(raw[key], parsed[key], at ? `${at}.${key}` : key) : [at ? `${at}.${key}` : key],
  );
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
