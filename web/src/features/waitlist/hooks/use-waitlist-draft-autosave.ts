import { useEffect } from 'react';
import { WAITLIST_DRAFT_DEBOUNCE_MS } from '@/lib/ui-timings';
import { useSaveWaitlistDraft } from '../api/save-waitlist-draft';
import { hasAnyValue, type WaitlistFormValues } from '../api/waitlist-form';

/**
 * Saves the draft WAITLIST_DRAFT_DEBOUNCE_MS after the last edit, while the dialog is open and any field
 * has text. Every edit (and closing the dialog) restarts or cancels the pending save.
 */
export function useWaitlistDraftAutosave(values: WaitlistFormValues, { enabled }: { enabled: boolean }) {
  const { mutate, isPending } = useSaveWaitlistDraft();
  const { email, firstName, lastName, phoneNumber } = values;
  useEffect(() => {
    const draft = { email, firstName, lastName, phoneNumber };
    if (!enabled || !hasAnyValue(draft)) return;
    const timer = setTimeout(() => mutate(draft), WAITLIST_DRAFT_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [enabled, email, firstName, lastName, phoneNumber, mutate]);
  return { isSaving: isPending };
}
