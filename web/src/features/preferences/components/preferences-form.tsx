import type { FormEvent } from 'react';
import type { User } from '@dcbrief/shared';
import { toast } from '@/hooks/use-toast';
import { isUnauthorizedError } from '@/lib/api-error';
import { useUpdatePreferences } from '../api/update-preferences';
import { preferencesPayload, usePreferencesForm } from '../hooks/use-preferences-form';
import { AdditionalNotesCard } from './additional-notes-card';
import { AudioSettingsCard } from './audio-settings-card';
import { ContentInterestsCard } from './content-interests-card';
import { EmailPreferencesCard } from './email-preferences-card';

interface PreferencesFormProps {
  user: User;
  premiumAccess: boolean;
  /** A 401 on save: the session is gone; the route shows the logged-out notice and redirects. */
  onSessionExpired: () => void;
}

export function PreferencesForm({ user, premiumAccess, onSessionExpired }: PreferencesFormProps) {
  const form = usePreferencesForm(user);
  const save = useUpdatePreferences();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(preferencesPayload(form.values, { includeAudio: premiumAccess }), {
      onSuccess: () => toast({ title: 'Preferences Updated', description: 'Your email preferences have been saved.' }),
      onError: (error) => {
        if (isUnauthorizedError(error)) onSessionExpired();
        else toast({ title: 'Error', description: 'Failed to update preferences. Please try again.', variant: 'destructive' });
      },
    });
  };

  return (
    <form onSubmit={submit} aria-label="Preferences" className="grid content-start gap-6">
      <EmailPreferencesCard form={form} />
      <ContentInterestsCard form={form} />
      {premiumAccess && <AudioSettingsCard form={form} />}
      <AdditionalNotesCard form={form} saving={save.isPending} />
    </form>
  );
}
