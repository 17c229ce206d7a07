import type { ReactNode } from 'react';
import { AlertCircle, CreditCard, RotateCw } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * What the 'Complete Your Subscription' card says instead of a form it cannot show: why, and what the visitor
 * can do (a retry that really asks again, a way elsewhere, or nothing when nothing on their side helps).
 * `tone` 'notice' is for a state that is not a failure (payments not set up on this server).
 */
export function PaymentProblem({
  message,
  onRetry,
  retryLabel = 'Try again',
  action,
  tone = 'error',
}: {
  message: ReactNode;
  onRetry?: () => void;
  retryLabel?: string;
  action?: ReactNode;
  tone?: 'error' | 'notice';
}) {
  const Icon = tone === 'error' ? AlertCircle : CreditCard;
  return (
    <div role={tone === 'error' ? 'alert' : undefined} className="flex min-h-48 flex-col items-center justify-center gap-3 text-center">
      <Icon aria-hidden="true" className={tone === 'error' ? 'size-8 text-red-600' : 'size-8 text-slate-500'} />
      <div className="max-w-sm text-sm text-slate-700">{message}</div>
      {action}
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry}>
          <RotateCw aria-hidden="true" />
          {retryLabel}
        </Button>
      )}
    </div>
  );
}
