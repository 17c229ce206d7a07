import { Tags } from 'lucide-react';
import { INTEREST_LABELS, INTERESTS } from '@dcbrief/shared';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { usePreferencesForm } from '../hooks/use-preferences-form';
import { SwitchRow } from './setting-row';

export function ContentInterestsCard({ form }: { form: ReturnType<typeof usePreferencesForm> }) {
  const { interests } = form.values.preferences;
  return (
    <Card aria-labelledby="content-interests-title">
      <CardHeader>
        <CardTitle id="content-interests-title">
          <Tags aria-hidden="true" className="size-5 text-blue-700" />
          Content Interests
        </CardTitle>
        <CardDescription>Stories from the topics you switch on come first.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-x-8 sm:grid-cols-2">
        {INTERESTS.map((interest) => (
          <SwitchRow
            key={interest}
            id={`interest-${interest}`}
            label={INTEREST_LABELS[interest]}
            checked={interests[interest]}
            onCheckedChange={(on) => form.setInterest(interest, on)}
          />
        ))}
      </CardContent>
    </Card>
  );
}
