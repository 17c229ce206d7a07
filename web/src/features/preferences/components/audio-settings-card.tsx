import { AudioLines } from 'lucide-react';
import { PLAYBACK_SPEEDS, VOICE_STYLES, type PlaybackSpeed } from '@dcbrief/shared';
import { TitledCard } from '@/components/titled-card';
import { PLAYBACK_SPEED_LABELS, VOICE_STYLE_LABELS } from '@/lib/labels';
import type { usePreferencesForm } from '../hooks/use-preferences-form';
import { OptionGroup } from './option-group';
import { SwitchRow } from './setting-row';

const voiceOptions = VOICE_STYLES.map((value) => ({ value, label: VOICE_STYLE_LABELS[value] }));
const speedOptions = PLAYBACK_SPEEDS.map((value) => ({ value: String(value), label: PLAYBACK_SPEED_LABELS[String(value)] ?? `${value}x` }));

/** Shown to premium + active subscribers only; the route decides. */
export function AudioSettingsCard({ form }: { form: ReturnType<typeof usePreferencesForm> }) {
  const { audio } = form.values.preferences;
  return (
    <TitledCard
      icon={AudioLines}
      title="Audio Intelligence Settings"
      description="Your digest as a spoken briefing."
      contentClassName="grid gap-6"
    >
      <SwitchRow
        id="audio-enabled"
        label="Generate audio digest"
        checked={audio.enabled}
        onCheckedChange={(on) => form.setAudio('enabled', on)}
      />
      <OptionGroup label="Voice style" value={audio.voiceStyle} options={voiceOptions} onChange={(v) => form.setAudio('voiceStyle', v)} />
      <OptionGroup
        label="Playback speed"
        value={String(audio.playbackSpeed)}
        options={speedOptions}
        onChange={(v) => form.setAudio('playbackSpeed', Number(v) as PlaybackSpeed)}
        className="grid-cols-2 sm:grid-cols-4"
      />
    </TitledCard>
  );
}
