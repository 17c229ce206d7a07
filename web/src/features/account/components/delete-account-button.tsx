import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import type { User } from '@dcbrief/shared';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { serverErrorMessage } from '@/lib/api-error';
import { useDeleteAccount } from '../api/delete-account';
import { hasBillingAccount } from './billing-summary';
import { FieldError } from '@/components/ui/field-error';

/**
 * "Delete account": a confirm dialog that names everything that goes (and the one thing that stays) before
 * anything happens; Cancel is the default. docs/decisions/117.
 */
export function DeleteAccountButton({ user }: { user: Pick<User, 'email' | 'subscriptionStatus'> }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const billed = hasBillingAccount(user);
  const gone = [
    `Your account (${user.email}), its preferences and notes`,
    'Every digest in your archive, and your ratings',
    'Your audio library: listening positions and your private podcast feed',
    'Your waitlist entry, sign-in links and pending emails',
    'Every session: you are signed out on all devices',
  ];
  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <Button type="button" variant="outline" size="sm" className="w-full text-red-700 hover:text-red-800" onClick={() => setOpen(true)}>
        <Trash2 aria-hidden="true" />
        Delete account
      </Button>
      <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
        <DialogContent closeDisabled={remove.isPending}>
          <DialogHeader>
            <DialogTitle>Delete your account?</DialogTitle>
            <DialogDescription>This cannot be undone. Deleting your account removes, for good:</DialogDescription>
          </DialogHeader>
          <ul className="grid list-disc gap-1.5 pl-5 text-sm text-slate-700">
            {gone.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <div className="grid gap-2 text-sm text-slate-700">
            {billed ? (
              <p>
                <span className="font-semibold text-slate-900">Your subscription is cancelled at once</span> in Stripe, our payment
                provider: nothing more is charged, and the rest of the current period is not refunded.
              </p>
            ) : (
              <p>You have no paid subscription: nothing is charged, now or later.</p>
            )}
            <p className="text-slate-600">
              Kept: only a one-way fingerprint of your address, so it does not get a second free trial if you sign up again.
            </p>
          </div>
          {remove.isError && (
            <FieldError>{serverErrorMessage(remove.error) || 'Your account could not be deleted. Please try again.'}</FieldError>
          )}
          <DialogFooter>
            <Button type="button" variant="destructive" onClick={() => remove.mutate()} disabled={remove.isPending}>
              <Trash2 aria-hidden="true" />
              {remove.isPending ? 'Deleting…' : 'Delete my account'}
            </Button>
            <Button type="button" variant="outline" autoFocus onClick={() => setOpen(false)} disabled={remove.isPending}>
              Keep my account
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
