import type { FormEvent } from 'react';
import type { User } from '@dcbrief/shared';
import { toast } from '@/hooks/use-toast';
import { isUnauthorizedError } from '@/lib/api-error';
import { useUpdatePreferences } from '../api/update-preferences';
import { preferencesPayload, usePreferencesForm } from '../hooks/use-preferences-form';
import { useUnsavedChangesGuard } from '../hooks/use-unsaved-changes-guard';
import { AdditionalNotesCard } from './additional-notes-card';
import { AudioSettingsCard } from './audio-settings-card';
import { ContentInterestsCard } from './content-interests-card';
import { EmailPreferencesCard } from './email-preferences-card';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

interface PreferencesFormProps {
  user: User;
  premiumAccess: boolean;
  /** A 401 on save: the session is gone; the route shows the logged-out notice and redirects. */
  onSessionExpired: () => void;
}

export function PreferencesForm({ user, premiumAccess, onSessionExpired }: PreferencesFormProps) {
  const form = usePreferencesForm(user);
  const save = useUpdatePreferences();
  const blocker = useUnsavedChangesGuard(form.dirty);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sent = form.values;
    save.mutate(preferencesPayload(sent, { includeAudio: premiumAccess }), {
      onSuccess: () => {
        form.markSaved(sent);
        toast({ title: 'Preferences Updated', description: 'Your email preferences have been saved.' });
      },
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
      <UnsavedChangesDialog blocker={blocker} />
    </form>
  );
}
