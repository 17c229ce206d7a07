import { Tags } from 'lucide-react';
import { INTEREST_LABELS, INTERESTS } from '@dcbrief/shared';
import { TitledCard } from '@/components/titled-card';
import type { usePreferencesForm } from '../hooks/use-preferences-form';
import { SwitchRow } from './setting-row';

export function ContentInterestsCard({ form }: { form: ReturnType<typeof usePreferencesForm> }) {
  const { interests } = form.values.preferences;
  return (
    <TitledCard
      icon={Tags}
      title="Content Interests"
      description="Stories from the topics you switch on come first."
      contentClassName="grid gap-x-8 sm:grid-cols-2"
    >
      {INTERESTS.map((interest) => (
        <SwitchRow
          key={interest}
          id={`interest-${interest}`}
          label={INTEREST_LABELS[interest]}
          checked={interests[interest]}
          onCheckedChange={(on) => form.setInterest(interest, on)}
        />
      ))}
    </TitledCard>
  );
}
