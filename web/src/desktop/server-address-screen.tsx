import { useState, type FormEvent } from 'react';
import { Server } from 'lucide-react';
import type { DesktopBridge } from '@dcbrief/shared';
import { BrandLogo } from '@/components/brand-logo';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { FieldError } from '@/components/ui/field-error';

/**
 * The desktop app's first screen: which DC Brief server to read from. The main process checks the address
 * (http or https, a DC Brief server answering) before saving it; its refusal is shown as it words it.
 */
export function ServerAddressScreen({
  bridge,
  defaultUrl,
  onSaved,
}: {
  bridge: DesktopBridge;
  defaultUrl: string | null;
  onSaved(): void;
}) {
  useDocumentTitle('Connect to your server');
  const [address, setAddress] = useState(defaultUrl ?? '');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setChecking(true);
    setError(null);
    try {
      const result = await bridge.setServer(address);
      if (result.ok) onSaved();
      else setError(result.message);
    } catch {
      setError('The address could not be checked. Please try again.');
    } finally {
      setChecking(false);
    }
  }

  return (
    <div className="flex min-h-dvh flex-col items-center bg-slate-50 px-4 py-10 sm:justify-center">
      <BrandLogo className="mb-8" />
      <main aria-labelledby="server-title" className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-xs sm:p-8">
        <Server aria-hidden="true" className="size-8 text-blue-700" />
        <h1 id="server-title" className="mt-3 text-xl font-semibold text-slate-900">
          Connect to your DC Brief server
        </h1>
        <p className="mt-1.5 text-slate-600">
          The address you open DC Brief at in your browser. The app keeps your session for this server only.
        </p>
        <form className="mt-6 grid gap-2" onSubmit={submit} noValidate>
          <Label htmlFor="server-address">Server address</Label>
          <Input
            id="server-address"
            name="server"
            type="url"
            inputMode="url"
            autoComplete="url"
            placeholder="https://brief.example.com"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'server-error' : undefined}
            required
          />
          {error && <FieldError id="server-error">{error}</FieldError>}
          <Button type="submit" className="mt-3" disabled={checking || !address.trim()}>
            {checking ? 'Checking…' : 'Connect'}
          </Button>
        </form>
      </main>
    </div>
  );
}
