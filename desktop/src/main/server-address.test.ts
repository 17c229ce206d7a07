import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parseServerAddress, validateServer } from './server-address.js';

describe("the server's address", () => {
  test('accepts http(s) origins, adds https to a bare host name, drops the path', () => {
    expect(parseServerAddress(' brief.example.com ')).toEqual({ ok: true, url: 'https://brief.example.com' });
    expect(parseServerAddress('https://brief.example.com/digests?x=1#y')).toEqual({ ok: true, url: 'https://brief.example.com' });
    expect(parseServerAddress('http://10.0.0.5:5000')).toEqual({ ok: true, url: 'http://10.0.0.5:5000' });
  });

  test('refuses other schemes, credentials, and what is not an address', () => {
    for (const bad of [
      '',
      'file:///etc/passwd',
      'javascript://alert(1)',
      'ftp://brief.example.com',
      'https://user:pw@brief.example.com',
      'http://',
    ]) {
      const result = parseServerAddress(bad);
      expect(result.ok, bad).toBe(false);
    }
  });

  describe('reachability, against servers on loopback', () => {
    let dcbrief: Server;
    let other: Server;
    const origin = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;
    beforeAll(async () => {
      dcbrief = createServer((req, res) => {
        res.setHeader('content-type', 'application/json');
        res.end(req.url === '/api/config' ? JSON.stringify({ stripePublishableKey: 'pk_test_1' }) : '{"message":"Not found"}');
      });
      other = createServer((_req, res) => {
        res.setHeader('content-type', 'text/html');
        res.end('<h1>It works</h1>');
      });
      await Promise.all([dcbrief, other].map((s) => new Promise<void>((r) => s.listen(0, '127.0.0.1', r))));
    });
    afterAll(() => Promise.all([dcbrief, other].map((s) => new Promise((r) => s.close(r)))));

    const fetchRequest = (req: Request) => fetch(req);

    test('a DC Brief server is accepted as its origin', async () => {
      expect(await validateServer(`${origin(dcbrief)}/anything`, fetchRequest)).toEqual({ ok: true, url: origin(dcbrief) });
    });

    test('another web server, or nothing listening, is refused with a sentence', async () => {
      const notOurs = await validateServer(origin(other), fetchRequest);
      expect(notOurs).toEqual({ ok: false, message: `${origin(other)} answers, but it is not a DC Brief server.` });
      const closed = createServer();
      await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
      const gone = origin(closed);
      await new Promise((r) => closed.close(r));
      expect(await validateServer(gone, fetchRequest)).toEqual({
        ok: false,
        message: `No answer from ${gone}. Check the address and your network.`,
      });
    });
  });
});
