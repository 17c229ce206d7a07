/**
 * The delivery benchmark's SMTP sink, run as a child process (bench/delivery.ts forks it) so it uses the
 * other core instead of competing with the sender for one JS thread, and so its memory is not counted as
 * the server's. Accepts every message and discards it, counting them.
 *
 * IPC protocol: on start it sends `{ type: 'ready', port }`; on `{ type: 'count', id }` it answers
 * `{ type: 'count', id, received }`; on `{ type: 'close' }` it closes and exits.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

let received = 0;
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  // Each benchmark side opens a pooled set of connections; room for both with margin.
  maxClients: 1000,
  onData(stream, _session, callback) {
    stream.on('end', () => {
      received++;
      callback();
    });
    stream.resume();
  },
});
server.on('error', () => {});
server.listen(0, '127.0.0.1', () => {
  process.send!({ type: 'ready', port: (server.server.address() as AddressInfo).port });
});

process.on('message', (message: { type: string; id?: number }) => {
  if (message.type === 'count') process.send!({ type: 'count', id: message.id, received });
  if (message.type === 'close') server.close(() => process.exit(0));
});
// The parent went away (a crashed benchmark): do not linger.
process.on('disconnect', () => process.exit(0));
