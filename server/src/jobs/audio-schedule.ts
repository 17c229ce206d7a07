import { AudioConfigError, createAudioStore, createSynthesizer, type AudioConfig } from '../audio/audio.config.js';
import { LEASE_MS as EPISODE_LEASE_MS, prepareAudio } from '../audio/prepare.js';
import type { SpeechSynthesizer } from '../audio/tts/port.js';
import type { Orm } from '../db/orm.js';
import type { Clock } from '../lib/clock.js';
import type { Logger } from '../lib/logger.js';
import type { PeriodicJobs } from './periodic-jobs.js';

/**
 * Prepares audio episodes every AUDIO_PREPARE_INTERVAL_SECONDS on every server, one pass at a time, like delivery
 * passes: episodes are claimed under a lease, so several servers share the work and a crashed one's episodes
 * are taken over (decision 403). Listeners' digests are composed AUDIO_LEAD_MINUTES ahead of their hour by the
 * delivery planner (decision 408), so a pass finds them and their episode is ready when the email goes. A
 * provider that cannot start (a missing model directory) is logged every pass until it is fixed: premium
 * digests then wait for their audio, visibly (their emails go at the hour without the Listen line).
 */
export async function scheduleAudioPreparation(
  jobs: PeriodicJobs,
  deps: { orm: Orm; clock: Clock; logger: Logger; config: { audio: AudioConfig } },
): Promise<{ close(): Promise<void> }> {
  const { audio } = deps.config;
  let tts: SpeechSynthesizer | null = null;
  const store = createAudioStore(audio);
  await jobs.every('audio-preparation', {
    scope: 'every-server',
    intervalSec: audio.intervalSec,
    timeoutSec: EPISODE_LEASE_MS / 1000,
    run: async (stopping) => {
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
        { shouldStop: stopping },
      );
      if (summary.ready || summary.retrying || summary.failed || summary.unknownStyle)
        deps.logger.info({ audio: summary }, 'audio preparation pass');
    },
  });
  // The speech provider (worker threads, a model in memory) is closed once the jobs have stopped.
  return { close: async () => void (await tts?.close()) };
}
