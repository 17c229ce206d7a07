import { PRODUCT_NAME } from '@dcbrief/shared';
import { toast } from '@/hooks/use-toast';

/** docs/SPEC.md §8: the welcome toast names the product. */
export function announcePaymentSuccess() {
  toast({ title: `Welcome to ${PRODUCT_NAME}!`, description: 'Your subscription is now active. Your first digest will arrive tomorrow.' });
}

export function announcePaymentFailure(message: string | undefined) {
  toast({ title: 'Payment Failed', description: message || 'Your payment could not be completed.', variant: 'destructive' });
}
