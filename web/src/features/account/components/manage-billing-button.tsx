import { CreditCard } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/hooks/use-toast';
import { useOpenBillingPortal } from '../api/open-billing-portal';

/** Cancel anytime, for real: Stripe's customer portal, for anyone with a plan. */
export function ManageBillingButton() {
  const portal = useOpenBillingPortal();
  const open = () =>
    portal.mutate(undefined, {
      onError: () => toast({ title: 'Error', description: 'Could not open billing. Please try again.', variant: 'destructive' }),
    });
  return (
    <Button type="button" variant="outline" size="sm" className="mt-3 w-full" onClick={open} disabled={portal.isPending}>
      <CreditCard aria-hidden="true" />
      {portal.isPending ? 'Opening billing…' : 'Manage billing'}
    </Button>
  );
}
