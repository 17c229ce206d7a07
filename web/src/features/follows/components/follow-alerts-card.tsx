import { useState, type FormEvent } from 'react';
import { BellRing, KeyRound } from 'lucide-react';
import { TitledCard } from '@/components/titled-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useFollowAlerts } from '../api/get-follow-alerts';
import { useUpdateFollowAlerts } from '../api/update-follow-alerts';

/**
 * Alerts when an entity the subscriber follows changes status: by email, and to a webhook they set (a team chat).
 * The webhook's signing secret is shown once, when it is made or rotated.
 */
export function FollowAlertsCard({ enabled }: { enabled: boolean }) {
  const alerts = useFollowAlerts({ enabled });
  const update = useUpdateFollowAlerts();
  const [draftUrl, setDraftUrl] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  if (!alerts.data) return null;
  const settings = alerts.data;
  const url = draftUrl ?? settings.webhookUrl ?? '';
  const save = (input: Parameters<typeof update.mutate>[0]) =>
    update.mutate(input, {
      onSuccess: (answer) => {
        if (answer.webhookSecret) setSecret(answer.webhookSecret);
        setDraftUrl(null);
      },
    });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    save({ webhookUrl: url.trim() ? url.trim() : null });
  };
  return (
    <TitledCard
      icon={BellRing}
      title="Follow alerts"
      description="When an entity you follow changes status, as the news states it."
      contentClassName="grid gap-4"
    >
      <div className="flex items-center justify-between gap-3">
        <Label htmlFor="alert-email">Email me</Label>
        <Switch id="alert-email" checked={settings.email} disabled={update.isPending} onCheckedChange={(email) => save({ email })} />
      </div>
      <form className="grid gap-1.5" onSubmit={onSubmit}>
        <Label htmlFor="alert-webhook">Webhook address</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id="alert-webhook"
            type="url"
            inputMode="url"
            className="min-w-0 flex-1"
            placeholder="https://hooks.example.com/…"
            value={url}
            onChange={(event) => setDraftUrl(event.target.value)}
          />
          <Button type="submit" variant="outline" disabled={update.isPending}>
            Save webhook
          </Button>
        </div>
        <p className="text-xs text-slate-600">
          A JSON POST, signed in the <code>DCBrief-Signature</code> header (<code>t=…,v1=…</code>, HMAC-SHA256), retried until it is
          accepted.
        </p>
      </form>
      {settings.webhookSecretSet && (
        <div className="grid gap-2">
          {secret && (
            <p role="status" className="rounded-lg bg-amber-50 p-3 text-sm break-all text-amber-900 ring-1 ring-amber-200">
              Your signing secret, shown only now: <code>{secret}</code>
            </p>
          )}
          <Button type="button" variant="ghost" className="justify-self-start" disabled={update.isPending} onClick={() => save('rotate')}>
            <KeyRound aria-hidden="true" />
            Rotate signing secret
          </Button>
        </div>
      )}
      {update.isError && (
        <p role="alert" className="text-sm text-red-700">
          {update.error.message}
        </p>
      )}
    </TitledCard>
  );
}
