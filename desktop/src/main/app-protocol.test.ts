import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { DESKTOP_OFFLINE_HEADER } from '@dcbrief/shared';
import { APP_ORIGIN, handleAppRequest, RENDERER_CSP, serveFileRange, toServerRequest, toWindowResponse } from './app-protocol.js';

const SERVER = 'https://brief.example.com';

describe("the window's scheme: the app's files, and /api passed to the server", () => {
  let dir: string;
  let audio: string;
  let transcript: string;
  const seen: Request[] = [];
  let reachable = true;
  const deps = () => ({
    serverUrl: () => SERVER,
    fetch: async (req: Request) => {
      if (!reachable) throw new TypeError('fetch failed');
      seen.push(req);
      if (req.url.endsWith('/api/login/verify'))
        return new Response(null, { status: 303, headers: { location: '/', 'set-cookie': 'dcbrief.sid=abc; HttpOnly; SameSite=Lax' } });
      return Response.json({ ok: true }, { headers: { 'set-cookie': 'x=1' } });
    },
    rendererDir: path.join(dir, 'renderer'),
    offlineAudio: async (id: string) => (id === 'd1' ? audio : null),
    offlineTranscript: async (id: string) => (id === 'd1' ? transcript : null),
  });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dcbrief-scheme-'));
    await mkdir(path.join(dir, 'renderer/assets'), { recursive: true });
    await writeFile(path.join(dir, 'renderer/desktop.html'), '<!doctype html><title>DC Brief</title>');
    await writeFile(path.join(dir, 'renderer/assets/app.js'), 'console.log(1)');
    await writeFile(path.join(dir, 'secret.txt'), 'not for the window');
    audio = path.join(dir, 'd1.mp3');
    await writeFile(audio, Buffer.from(Array.from({ length: 100 }, (_, i) => i)));
    transcript = path.join(dir, 'd1.vtt');
    await writeFile(transcript, 'WEBVTT\n\n00:00.000 --> 00:02.000\nGood morning.\n');
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  test('serves the built web app, its page for every route, with a CSP; nothing outside its folder', async () => {
    const page = await handleAppRequest(new Request(`${APP_ORIGIN}/digests/123`), deps());
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<title>DC Brief</title>');
    expect(page.headers.get('content-security-policy')).toBe(RENDERER_CSP);
    const js = await handleAppRequest(new Request(`${APP_ORIGIN}/assets/app.js`), deps());
    expect(js.headers.get('content-type')).toBe('text/javascript');
    expect((await handleAppRequest(new Request(`${APP_ORIGIN}/assets/missing.js`), deps())).status).toBe(404);
    expect((await handleAppRequest(new Request(`${APP_ORIGIN}/..%2Fsecret.txt`), deps())).status).toBe(404);
    expect((await handleAppRequest(new Request('dcbrief-app://other/'), deps())).status).toBe(404);
  });

  test('a form post reaches the server as a same-origin request, its cookie left to the session jar', async () => {
    const req = new Request(`${APP_ORIGIN}/api/login/verify?x=1`, {
      method: 'POST',
      headers: {
        origin: APP_ORIGIN,
        referer: `${APP_ORIGIN}/api/login/verify?token=t`,
        cookie: 'forged=1',
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'token=t&timezone=Europe%2FLisbon',
    });
    const upstream = await toServerRequest(req, SERVER);
    expect(upstream.url).toBe(`${SERVER}/api/login/verify?x=1`);
    expect(upstream.headers.get('origin')).toBe(SERVER);
    expect(upstream.headers.get('referer')).toBe(`${SERVER}/api/login/verify?token=t`);
    expect(upstream.headers.get('cookie')).toBeNull();
    expect(upstream.credentials).toBe('include');
    expect(upstream.redirect).toBe('manual');
    expect(await upstream.text()).toBe('token=t&timezone=Europe%2FLisbon');
  });

  test("the server's answer: Set-Cookie never reaches the window, a redirect to the server stays in the app", async () => {
    const res = await handleAppRequest(new Request(`${APP_ORIGIN}/api/login/verify`, { method: 'POST', body: 'token=t' }), deps());
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${APP_ORIGIN}/`);
    expect(res.headers.get('set-cookie')).toBeNull();
    const elsewhere = toWindowResponse(
      new Response(null, { status: 302, headers: { location: 'https://billing.stripe.com/p/1' } }),
      SERVER,
    );
    expect(elsewhere.headers.get('location')).toBe('https://billing.stripe.com/p/1');
    const json = await handleAppRequest(new Request(`${APP_ORIGIN}/api/auth/user`), deps());
    expect(await json.json()).toEqual({ ok: true });
    expect(json.headers.get('set-cookie')).toBeNull();
  });

  test('no network: the API answers 503 "offline", and the episode on disk still plays, with ranges, and its transcript', async () => {
    reachable = false;
    try {
      const res = await handleAppRequest(new Request(`${APP_ORIGIN}/api/digests?limit=1`), deps());
      expect(res.status).toBe(503);
      expect(res.headers.get(DESKTOP_OFFLINE_HEADER)).toBe('1');
      expect(await res.json()).toMatchObject({ offline: true });
      const whole = await handleAppRequest(new Request(`${APP_ORIGIN}/api/audio/episodes/d1/audio.mp3`), deps());
      expect(whole.status).toBe(200);
      expect((await whole.arrayBuffer()).byteLength).toBe(100);
      const part = await handleAppRequest(
        new Request(`${APP_ORIGIN}/api/audio/episodes/d1/audio.mp3`, { headers: { range: 'bytes=10-19' } }),
        deps(),
      );
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe('bytes 10-19/100');
      expect([...new Uint8Array(await part.arrayBuffer())]).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
      const other = await handleAppRequest(new Request(`${APP_ORIGIN}/api/audio/episodes/d2/audio.mp3`), deps());
      expect(other.status).toBe(503);
      // Its transcript too, for the player's transcript view.
      const vtt = await handleAppRequest(new Request(`${APP_ORIGIN}/api/audio/episodes/d1/transcript.vtt`), deps());
      expect(vtt.status).toBe(200);
      expect(vtt.headers.get('content-type')).toMatch(/^text\/vtt/);
      expect(await vtt.text()).toMatch(/Good morning\./);
      expect((await handleAppRequest(new Request(`${APP_ORIGIN}/api/audio/episodes/d2/transcript.vtt`), deps())).status).toBe(503);
    } finally {
      reachable = true;
    }
  });

  test('ranges: open-ended, suffix, and out of range', async () => {
    expect((await serveFileRange(audio, 'bytes=90-', 'audio/mpeg')).headers.get('content-range')).toBe('bytes 90-99/100');
    expect((await serveFileRange(audio, 'bytes=-5', 'audio/mpeg')).headers.get('content-range')).toBe('bytes 95-99/100');
    expect((await serveFileRange(audio, 'bytes=200-', 'audio/mpeg')).status).toBe(416);
  });

  test('before an address is saved, /api answers offline without asking anyone', async () => {
    const res = await handleAppRequest(new Request(`${APP_ORIGIN}/api/auth/user`), { ...deps(), serverUrl: () => null });
    expect(res.status).toBe(503);
  });
});
