import { LoaderCircle } from 'lucide-react';
import { TRIAL_DAYS } from '@dcbrief/shared';
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { serverErrorMessage } from '@/lib/api-error';
import { useJoinWaitlist } from '../api/join-waitlist';
import { EMPTY_WAITLIST_FORM, hasEveryValue, type WaitlistFormValues } from '../api/waitlist-form';
import { useWaitlistDraftAutosave } from '../hooks/use-waitlist-draft-autosave';

const FIELDS: { name: keyof WaitlistFormValues; label: string; type: string; autoComplete: string; placeholder: string }[] = [
  { name: 'email', label: 'Work email', type: 'email', autoComplete: 'email', placeholder: 'you@company.com' },
  { name: 'firstName', label: 'First name', type: 'text', autoComplete: 'given-name', placeholder: 'Ana' },
  { name: 'lastName', label: 'Last name', type: 'text', autoComplete: 'family-name', placeholder: 'Silva' },
  { name: 'phoneNumber', label: 'Phone number', type: 'tel', autoComplete: 'tel', placeholder: '+1 555 010 9999' },
];

/** `onSignIn`: a returning subscriber's way to sign in instead ("Already a subscriber? Sign in"). */
export function WaitlistDialog({
  open,
  onOpenChange,
  onSignIn,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignIn?: () => void;
}) {
  const [values, setValues] = useState<WaitlistFormValues>(EMPTY_WAITLIST_FORM);
  const join = useJoinWaitlist();
  const { isSaving } = useWaitlistDraftAutosave(values, { enabled: open });
  const busy = join.isPending;

  const update = (name: keyof WaitlistFormValues) => (event: ChangeEvent<HTMLInputElement>) =>
    setValues((current) => ({ ...current, [name]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!hasEveryValue(values)) {
      toast({ title: 'All fields required', description: 'Please fill in all required fields', variant: 'destructive' });
      return;
    }
    join.mutate(values, {
      onSuccess: () => {
        toast({ title: "You're on the list!", description: "We'll contact you next week when spots open up." });
        setValues(EMPTY_WAITLIST_FORM);
        onOpenChange(false);
      },
      onError: (error) => {
        toast({
          title: 'Error',
          description: serverErrorMessage(error) ?? 'Failed to join waitlist. Please try again.',
          variant: 'destructive',
        });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent closeDisabled={busy}>
        <DialogHeader>
          <DialogTitle>Join the DC Brief waitlist</DialogTitle>
          <DialogDescription>
            We open new seats every week. Start with a {TRIAL_DAYS}-day free trial, no credit card required.
          </DialogDescription>
        </DialogHeader>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            {FIELDS.map((field) => (
              <div
                key={field.name}
                className={field.name === 'email' || field.name === 'phoneNumber' ? 'grid gap-1.5 sm:col-span-2' : 'grid gap-1.5'}
              >
                <Label htmlFor={`waitlist-${field.name}`}>{field.label}</Label>
                <Input
                  id={`waitlist-${field.name}`}
                  name={field.name}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  placeholder={field.placeholder}
                  required
                  aria-required="true"
                  value={values[field.name]}
                  onChange={update(field.name)}
                  disabled={busy}
                />
              </div>
            ))}
          </div>
          {/* Reserved line: the note appearing and going must not move the buttons. */}
          <p aria-live="polite" className="h-5 text-sm text-slate-600">
            {isSaving && (
              <span className="inline-flex items-center gap-1.5">
                <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
                Auto-saving...
              </span>
            )}
          </p>
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" disabled={busy}>
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" disabled={busy}>
              {busy ? 'Joining...' : 'Join Waitlist'}
            </Button>
          </DialogFooter>
        </form>
        {onSignIn && (
          <p className="border-t border-slate-100 pt-4 text-center text-sm text-slate-600">
            Already a subscriber?{' '}
            <button
              type="button"
              onClick={onSignIn}
              disabled={busy}
              className="inline-flex min-h-11 items-center rounded-md px-1 font-semibold text-blue-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-blue-700 disabled:opacity-50"
            >
              Sign in
            </button>
          </p>
        )}
      </DialogContent>
    </Dialog>
  );
}
