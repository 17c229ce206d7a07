import { Mail } from 'lucide-react';
import { CONTENT_DEPTHS, DELIVERY_TIMES, type Preferences } from '@dcbrief/shared';
import { TitledCard } from '@/components/titled-card';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { CONTENT_DEPTH_LABELS, DELIVERY_TIME_LABELS } from '@/lib/labels';
import type { usePreferencesForm } from '../hooks/use-preferences-form';
import { OptionGroup } from './option-group';
import { SwitchRow } from './setting-row';
import { TimeZonePicker } from './time-zone-picker';
import { browserTimeZone } from './time-zones';

type Form = ReturnType<typeof usePreferencesForm>;

const deliveryOptions = DELIVERY_TIMES.map((value) => ({ value, label: DELIVERY_TIME_LABELS[value] }));
const depthOptions = CONTENT_DEPTHS.map((value) => ({ value, label: CONTENT_DEPTH_LABELS[value] }));

const EMAIL_TOGGLES: {
  key: keyof Pick<Preferences, 'dailyDigest' | 'weeklySummary' | 'breakingNews'>;
  id: string;
  label: string;
  description: string;
}[] = [
  { key: 'dailyDigest', id: 'pref-daily', label: 'Daily Digest', description: "Every morning's facts in one email." },
  { key: 'weeklySummary', id: 'pref-weekly', label: 'Weekly Summary', description: "The week's developments, every week." },
  { key: 'breakingNews', id: 'pref-breaking', label: 'Breaking News Alerts', description: 'Major events as they happen.' },
];

export function EmailPreferencesCard({ form }: { form: Form }) {
  const { preferences, timezone } = form.values;
  const browserZone = browserTimeZone();
  return (
    <TitledCard
      icon={Mail}
      title="Email Preferences"
      description="What lands in your inbox, and when."
      titleId="email-preferences-title"
      contentClassName="grid gap-6"
    >
      <div className="divide-y divide-slate-100">
        {EMAIL_TOGGLES.map(({ key, id, label, description }) => (
          <SwitchRow
            key={key}
            id={id}
            label={label}
            description={description}
            checked={preferences[key]}
            onCheckedChange={(on) => form.set(key, on)}
          />
        ))}
      </div>
      <OptionGroup
        label="Delivery time"
        value={preferences.deliveryTime}
        options={deliveryOptions}
        onChange={(v) => form.set('deliveryTime', v)}
      />
      <div className="grid gap-2">
        <Label htmlFor="pref-timezone">Time zone</Label>
        <div className="flex flex-col gap-2 sm:flex-row">
          <div className="min-w-0 flex-1">
            <TimeZonePicker id="pref-timezone" value={timezone} browserZone={browserZone} onChange={form.setTimezone} />
          </div>
          {timezone !== browserZone && (
            <Button type="button" variant="outline" className="min-h-11" onClick={() => form.setTimezone(browserZone)}>
              Use this browser's ({browserZone.split('/').at(-1)?.replace(/_/g, ' ')})
            </Button>
          )}
        </div>
        <p className="text-sm text-slate-600">Digests arrive at the delivery time in this zone.</p>
      </div>
      <OptionGroup
        label="Content depth"
        value={preferences.contentDepth}
        options={depthOptions}
        onChange={(v) => form.set('contentDepth', v)}
      />
    </TitledCard>
  );
}
