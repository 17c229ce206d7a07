import type { IncomingMessage, Server } from 'node:http';

/** A request's body as text, for stand-ins that parse it the way the real service does. */
export function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => resolve(raw));
    req.on('error', reject);
  });
}

/** Stops a stand-in at once, keep-alive connections included. */
export function closeNow(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}
