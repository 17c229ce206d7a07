import { NotebookPen, Save } from 'lucide-react';
import { NOTES_MAX_LENGTH } from '@dcbrief/shared';
import { TitledCard } from '@/components/titled-card';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import type { usePreferencesForm } from '../hooks/use-preferences-form';

export function AdditionalNotesCard({ form, saving }: { form: ReturnType<typeof usePreferencesForm>; saving: boolean }) {
  const { notes } = form.values.preferences;
  return (
    <TitledCard
      icon={NotebookPen}
      title="Additional Notes"
      description="Companies, regions or technologies you want us to watch closely."
      contentClassName="grid gap-4"
    >
      <div className="grid gap-1.5">
        <Label htmlFor="pref-notes" className="sr-only">
          Additional Notes
        </Label>
        <Textarea
          id="pref-notes"
          value={notes}
          maxLength={NOTES_MAX_LENGTH}
          placeholder="e.g. Track liquid cooling deployments in the Nordics"
          onChange={(event) => form.set('notes', event.target.value)}
        />
        <p className="text-right text-xs text-slate-600">
          {notes.length}/{NOTES_MAX_LENGTH}
        </p>
      </div>
      <Button type="submit" size="lg" disabled={saving} className="w-full sm:w-auto sm:justify-self-end">
        <Save aria-hidden="true" />
        {saving ? 'Saving...' : 'Save Preferences'}
      </Button>
    </TitledCard>
  );
}
