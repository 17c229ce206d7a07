import { Spinner } from '@/components/ui/spinner';

export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50">
      <Spinner label={label} className="[&_svg]:size-8" />
    </div>
  );
}
