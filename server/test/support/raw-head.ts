import net from 'node:net';

export interface RawHeadAnswer {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** Whatever the server wrote after the header block: a HEAD answer must have nothing there. */
  afterHeaders: Buffer;
}

/**
 * A HEAD request written on a plain socket, and every byte the server sends until it closes. fetch and
 * node:http drop a body sent after a HEAD answer, so only this sees a server that wrongly sends one.
 */
export function rawHead(url: string, headers: Record<string, string> = {}): Promise<RawHeadAnswer> {
  const target = new URL(url);
  const lines = [
    `HEAD ${target.pathname}${target.search} HTTP/1.1`,
    `Host: ${target.host}`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(target.port), target.hostname);
    const chunks: Buffer[] = [];
    socket.setTimeout(30_000, () => socket.destroy(new Error(`no end of the answer to HEAD ${url} in 30 s`)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('end', () => {
      try {
        resolve(parseAnswer(Buffer.concat(chunks)));
      } catch (err) {
        reject(err);
      }
    });
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

function parseAnswer(raw: Buffer): RawHeadAnswer {
  const end = raw.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`no header block in ${JSON.stringify(raw.toString('latin1').slice(0, 200))}`);
  const [statusLine, ...fields] = raw.toString('latin1', 0, end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const field of fields) {
    const colon = field.indexOf(':');
    headers[field.slice(0, colon).trim().toLowerCase()] = field.slice(colon + 1).trim();
  }
  return { status: Number(statusLine!.split(' ')[1]), headers, afterHeaders: raw.subarray(end + 4) };
}
