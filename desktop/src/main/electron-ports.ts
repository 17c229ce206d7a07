import { Readable } from 'node:stream';
import { net, Notification, powerMonitor, type IncomingMessage, type Session } from 'electron';
import type { DesktopPorts } from './ports.js';

/** DesktopPorts with Electron's APIs: the only main-process file besides index.ts that imports electron. */
export function electronPorts(session: Session, serverUrl: () => string | null): DesktopPorts {
  return {
    fetch: (input) =>
      input.redirect === 'manual'
        ? fetchNotFollowingRedirects(session, input)
        : session.fetch(input, { bypassCustomProtocolHandlers: true }),
    notify({ title, body, onClick }) {
      if (!Notification.isSupported()) return;
      const notification = new Notification({ title, body });
      notification.on('click', onClick);
      notification.show();
    },
    onResume(listener) {
      powerMonitor.on('resume', listener);
    },
    onSessionChanged(listener) {
      let pending: ReturnType<typeof setTimeout> | null = null;
      session.cookies.on('changed', (_event, cookie) => {
        const server = serverUrl();
        if (!server || !cookie.domain || !new URL(server).hostname.endsWith(cookie.domain.replace(/^\./, ''))) return;
        // Signing in sets and replaces cookies in one go: one check after they settle.
        if (pending) clearTimeout(pending);
        pending = setTimeout(listener, 1000);
      });
    },
  };
}

/**
 * A request whose redirect is answered, not followed (the window's /api requests: sign-in's 303 to "/" must
 * reach the window as a redirect). Electron's fetch rejects a redirect under `redirect: 'manual'` ("Redirect
 * was cancelled"), so this uses net.request, which reports it as an event. Cookies of the redirect's answer
 * are stored by the network stack before the event, as for any answer.
 */
async function fetchNotFollowingRedirects(session: Session, input: Request): Promise<Response> {
  const body = input.method === 'GET' || input.method === 'HEAD' ? null : Buffer.from(await input.arrayBuffer());
  return new Promise<Response>((resolve, reject) => {
    const request = net.request({
      session,
      method: input.method,
      url: input.url,
      origin: input.headers.get('origin') ?? undefined,
      credentials: 'include',
      redirect: 'manual',
      bypassCustomProtocolHandlers: true,
    });
    input.headers.forEach((value, name) => request.setHeader(name, value));
    request.on('redirect', (statusCode: number, _method: string, redirectUrl: string, responseHeaders: Record<string, string[]>) => {
      const headers = new Headers();
      for (const [name, values] of Object.entries(responseHeaders)) headers.set(name, values.join(', '));
      headers.set('location', redirectUrl);
      // Not calling followRedirect() cancels the request; the answer is the redirect itself.
      resolve(new Response(null, { status: statusCode, headers }));
    });
    request.on('response', (response: IncomingMessage) => {
      const headers = new Headers();
      for (const [name, value] of Object.entries(response.headers)) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
      const nullBody = [101, 204, 205, 304].includes(response.statusCode) || input.method === 'HEAD';
      resolve(
        new Response(nullBody ? null : (Readable.toWeb(response as unknown as Readable) as ReadableStream<Uint8Array>), {
          status: response.statusCode,
          statusText: response.statusMessage,
          headers,
        }),
      );
    });
    // After a redirect was answered, the cancellation's error changes nothing (the promise is settled).
    request.on('error', reject);
    if (body) request.write(body);
    request.end();
  });
}
