import { LogOut } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { useSignOutEverywhere } from '../api/sign-out-everywhere';

/** Ends every session of the account: for a lost phone or a shared computer. */
export function SignOutEverywhereButton() {
  const signOut = useSignOutEverywhere();
  const run = () =>
    signOut.mutate(undefined, {
      onError: () => toast({ title: 'Error', description: 'Could not sign out of all devices. Please try again.', variant: 'destructive' }),
    });
  return (
    <div className="mt-4 border-t border-slate-100 pt-4">
      <Button type="button" variant="outline" size="sm" className="w-full" onClick={run} disabled={signOut.isPending}>
        <LogOut aria-hidden="true" />
        {signOut.isPending ? 'Signing out…' : 'Sign out of all devices'}
      </Button>
      <p className="mt-2 text-xs text-slate-500">Ends your session on every browser and app, this one included.</p>
    </div>
  );
}
