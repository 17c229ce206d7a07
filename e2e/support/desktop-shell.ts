import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Readable } from 'node:stream';
import { APP_ORIGIN, handleAppRequest } from '../../desktop/src/main/app-protocol.js';

export const DESKTOP_RENDERER_DIR = path.resolve(import.meta.dirname, '../../desktop/out/renderer');

/**
 * The desktop app's main process as the window sees it, without Electron: its scheme's handler
 * (handleAppRequest, the real one) served over loopback HTTP, with a cookie jar standing for the Electron
 * session's (the server's cookie is kept here, never given to the page), and a switch to cut the network.
 */
export class DesktopShell {
  server: string | null = null;
  online = true;
  private readonly jar = new Map<string, string>();
  private http: Server | null = null;
  url = '';

  /** A request through the "session": the jar's cookie added, Set-Cookie kept. Fails when offline. */
  readonly fetch = async (input: Request): Promise<Response> => {
    if (!this.online) throw new TypeError('fetch failed: offline');
    const headers = new Headers(input.headers);
    const cookie = [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
    if (cookie && this.server && input.url.startsWith(this.server)) headers.set('cookie', cookie);
    const body = input.method === 'GET' || input.method === 'HEAD' ? undefined : await input.arrayBuffer();
    const res = await fetch(input.url, { method: input.method, headers, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a))) this.jar.delete(name);
      else this.jar.set(name, value);
    }
    return res;
  };

  async start(): Promise<void> {
    if (!existsSync(path.join(DESKTOP_RENDERER_DIR, 'desktop.html')))
      throw new Error('desktop/out/renderer is not built: run `npm run build -w desktop` (npm test does)');
    this.http = createServer((req, res) => {
      void this.answer(req).then(async (answer) => {
        const headers: Record<string, string> = {};
        answer.headers.forEach((value, name) => {
          headers[name] = name === 'location' && value.startsWith(APP_ORIGIN) ? `${this.url}${value.slice(APP_ORIGIN.length)}` : value;
        });
        res.writeHead(answer.status, headers);
        if (answer.body) Readable.fromWeb(answer.body as import('node:stream/web').ReadableStream).pipe(res);
        else res.end();
      });
    });
    await new Promise<void>((resolve) => this.http!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.http.address() as AddressInfo).port}`;
  }

  private async answer(req: IncomingMessage): Promise<Response> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
    const request = new Request(`${APP_ORIGIN}${req.url}`, {
      method: req.method,
      headers,
      body: hasBody ? Buffer.concat(chunks) : undefined,
    });
    return handleAppRequest(request, {
      serverUrl: () => this.server,
      fetch: this.fetch,
      rendererDir: DESKTOP_RENDERER_DIR,
      offlineAudio: async () => null,
      offlineTranscript: async () => null,
    });
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.http ? this.http.close(() => resolve()) : resolve()));
  }
}
