import { createHash } from 'node:crypto';
import type { Digest, Episode, User } from '@dcbrief/shared';

/**
 * The four reads the desktop app's main process makes, answered as the server answers them (a 401 without a
 * session, the digests newest first, an ETag on the list and a 304 for a matching If-None-Match).
 */
export class FakeDcBriefServer {
  user: User | null = null;
  digests: Digest[] = [];
  episodes: Episode[] = [];
  audio = new Map<string, Uint8Array<ArrayBuffer>>();
  transcripts = new Map<string, string>();
  reachable = true;
  readonly log: Array<{ path: string; status: number }> = [];

  constructor(readonly origin = 'https://brief.example.com') {}

  readonly fetch = async (request: Request): Promise<Response> => {
    if (!this.reachable) throw new TypeError('fetch failed');
    const url = new URL(request.url);
    if (url.origin !== this.origin) throw new TypeError('fetch failed');
    const res = this.answer(url, request);
    this.log.push({ path: `${url.pathname}${url.search}`, status: res.status });
    return res;
  };

  private answer(url: URL, request: Request): Response {
    if (url.pathname === '/api/config') return Response.json({ stripePublishableKey: null });
    if (!this.user) return Response.json({ message: 'Not signed in' }, { status: 401 });
    if (url.pathname === '/api/auth/user') return Response.json(this.user);
    if (url.pathname === '/api/digests') {
      const body = JSON.stringify(this.digests.slice(0, Number(url.searchParams.get('limit') ?? 365)));
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers: { etag } });
      return new Response(body, { headers: { 'content-type': 'application/json', etag } });
    }
    if (url.pathname === '/api/audio/episodes') return Response.json(this.episodes);
    const audio = /^\/api\/audio\/episodes\/([\w-]+)\/audio\.mp3$/.exec(url.pathname);
    const bytes = audio && this.audio.get(audio[1]!);
    if (bytes) return new Response(bytes, { headers: { 'content-type': 'audio/mpeg' } });
    const vtt = /^\/api\/audio\/episodes\/([\w-]+)\/transcript\.vtt$/.exec(url.pathname);
    const text = vtt && this.transcripts.get(vtt[1]!);
    if (text) return new Response(text, { headers: { 'content-type': 'text/vtt; charset=utf-8' } });
    return Response.json({ message: 'Not found' }, { status: 404 });
  }

  requests(path: string): Array<{ path: string; status: number }> {
    return this.log.filter((r) => r.path === path);
  }
}
