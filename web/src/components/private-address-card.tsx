import type { LucideIcon } from 'lucide-react';
import { Copy, RefreshCw, Trash2 } from 'lucide-react';
import { TitledCard } from '@/components/titled-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';

/** What the server says of a private address: whether one exists, and the address itself only when just made. */
interface PrivateAddress {
  exists: boolean;
  url: string | null;
}

/** The words one private address (the podcast feed, the calendar) is shown with. */
export interface PrivateAddressTexts {
  title: string;
  description: string;
  /** The address field's accessible name. */
  inputLabel: string;
  /** The toast after Copy. */
  copied: string;
  /** When one exists but its address is no longer shown (its token is stored hashed). */
  active: string;
  none: string;
  create: string;
  turnOff: string;
}

/**
 * A private address a subscriber adds to another app by URL (the podcast feed, the calendar): shown once when
 * made, copied, replaced (the old one stops working) or turned off. One component, so both behave alike.
 */
export function PrivateAddressCard({
  icon,
  texts,
  address,
  rotate,
  revoke,
}: {
  icon: LucideIcon;
  texts: PrivateAddressTexts;
  address: PrivateAddress | undefined;
  rotate: { isPending: boolean; mutate: () => void };
  revoke: { isPending: boolean; mutate: () => void };
}) {
  const url = address?.url ?? null;
  const copy = async () => {
    if (!url) return;
    await navigator.clipboard.writeText(url);
    toast({ title: texts.copied });
  };
  return (
    <TitledCard icon={icon} title={texts.title} description={texts.description} contentClassName="grid gap-3">
      {url ? (
        <div className="flex gap-2">
          <Input readOnly value={url} aria-label={texts.inputLabel} onFocus={(e) => e.currentTarget.select()} />
          <Button type="button" variant="outline" onClick={() => void copy()}>
            <Copy aria-hidden="true" />
            Copy
          </Button>
        </div>
      ) : (
        <p className="text-sm text-slate-600">{address?.exists ? texts.active : texts.none}</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" disabled={rotate.isPending} onClick={() => rotate.mutate()}>
          <RefreshCw aria-hidden="true" />
          {address?.exists ? 'New address' : texts.create}
        </Button>
        {address?.exists && (
          <Button type="button" variant="ghost" disabled={revoke.isPending} onClick={() => revoke.mutate()}>
            <Trash2 aria-hidden="true" />
            {texts.turnOff}
          </Button>
        )}
      </div>
    </TitledCard>
  );
}
