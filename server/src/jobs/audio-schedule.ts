import { AudioConfigError, createAudioStore, createSynthesizer, type AudioConfig } from '../audio/audio.config.js';
import { prepareAudio } from '../audio/prepare.js';
import type { SpeechSynthesizer } from '../audio/tts/port.js';
import type { Orm } from '../db/orm.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';

/**
 * Prepares audio episodes every `intervalSec` in each server process, one pass at a time, like delivery
 * passes: episodes are claimed under a lease, so several servers share the work and a crashed one's episodes
 * are taken over (decision 403). A provider that cannot start (a missing model directory) is logged every
 * pass until it is fixed: premium digests then wait for their audio, visibly.
 */
export function startAudioPreparation(deps: { orm: Orm; clock: Clock; logger: Logger; config: { audio: AudioConfig } }): {
  stop(): Promise<void>;
} {
  const { audio } = deps.config;
  let stopping = false;
  let running: Promise<unknown> | null = null;
  let tts: SpeechSynthesizer | null = null;
  const store = createAudioStore(audio);
  const tick = () => {
    if (running || stopping) return;
    running = (async () => {
      try {
        tts ??= createSynthesizer(audio);
      } catch (err) {
        deps.logger.error(
          { err: err instanceof AudioConfigError ? err.message : err },
          'audio: the speech provider cannot start; no episode is prepared',
        );
        return;
      }
      const summary = await prepareAudio(
        { orm: deps.orm, tts, store, clock: deps.clock, logger: deps.logger, config: { maxAttempts: audio.maxAttempts } },
        { shouldStop: () => stopping },
      );
      if (summary.ready || summary.retrying || summary.failed || summary.unknownStyle)
        deps.logger.info({ audio: summary }, 'audio preparation pass');
    })()
      .catch((err) => deps.logger.error({ err }, 'audio preparation pass failed'))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, audio.intervalSec * 1000);
  timer.unref();
  tick();
  return {
    async stop() {
      stopping = true;
      clearInterval(timer);
      await running;
      await tts?.close();
    },
  };
}
