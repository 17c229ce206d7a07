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
