import { createAudioStore } from '../../src/audio/audio.config.js';
import { prepareAudio } from '../../src/audio/prepare.js';
import { FliteSynthesizer } from '../../src/audio/tts/flite.js';
import type { SpeechSynthesizer } from '../../src/audio/tts/port.js';
import { runDeliveryPass } from '../../src/delivery/pass.js';
import { createLogger } from '../../src/lib/logger.js';
import type { TestClient } from '../support/client.js';
import { setSubscription } from '../support/fixtures.js';
import { startTestServer, type TestServer } from '../support/harness.js';
import { signIn } from '../support/users.js';
import { deliveryDeps } from '../delivery/fixtures.js';

/** Runs the preparation job once on the test server: every composed premium digest is given its episode in the store it is configured with. */
export function prepareEpisodes(ts: TestServer, tts: SpeechSynthesizer) {
  return prepareAudio({
    orm: ts.orm,
    tts,
    store: createAudioStore(ts.config.audio),
    clock: ts.clock,
    logger: createLogger('silent'),
    config: { maxAttempts: 5 },
  });
}

export interface ListeningServer {
  ts: TestServer;
  /** A premium subscriber whose episode has been prepared. */
  owner: TestClient;
  /** Another premium subscriber, who must not reach the owner's episode. */
  other: TestClient;
  /** An Essential subscriber, who has no audio. */
  basic: TestClient;
  close(): Promise<void>;
}

/**
 * A server on Tuesday's delivery hour with two premium subscribers and an Essential one at `domain`, the
 * day's digests delivered and the premium episodes prepared by the embedded engine into DATA_DIR/audio.
 */
export async function startListeningServer(domain: string, now = '2026-11-24T06:05:00Z'): Promise<ListeningServer> {
  const flite = new FliteSynthesizer({ workers: 2 });
  const ts = await startTestServer({ now });
  try {
    const owner = await signIn(ts, `owner@${domain}`);
    const other = await signIn(ts, `other@${domain}`);
    const basic = await signIn(ts, `basic@${domain}`);
    await setSubscription(ts.orm, `owner@${domain}`, 'premium', 'active');
    await setSubscription(ts.orm, `other@${domain}`, 'premium', 'active');
    await setSubscription(ts.orm, `basic@${domain}`, 'basic', 'active');
    await runDeliveryPass(deliveryDeps(ts), ts.clock.now());
    await prepareEpisodes(ts, flite);
    return {
      ts,
      owner,
      other,
      basic,
      async close() {
        await flite.close();
        await ts.close();
      },
    };
  } catch (error) {
    await flite.close();
    await ts.close();
    throw error;
  }
}

/** The header fields a HEAD must answer as the GET does (RFC 9110, 9.3.2): what podcast apps send it to learn. */
const FILE_HEADERS = [
  'content-type',
  'content-length',
  'accept-ranges',
  'etag',
  'last-modified',
  'cache-control',
  'content-disposition',
] as const;

export function fileHeadersOf(headers: Headers | Record<string, string>): Record<string, string | null> {
  const get = (name: string) => (headers instanceof Headers ? headers.get(name) : (headers[name] ?? null));
  return Object.fromEntries(FILE_HEADERS.map((name) => [name, get(name)]));
}
