import { MailCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { MAGIC_LINK_TTL_MS, PRODUCT_NAME } from '@dcbrief/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { serverErrorMessage } from '@/lib/api-error';
import { browserTimeZone, useRequestSignInLink } from '../api/request-sign-in-link';
import { SignInCodeForm } from './sign-in-code-form';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Email in, magic link and code out (POST /api/login), then the code step. `next` is the page the emailed link,
 * or the code, opens after sign-in; the server accepts only a path on this site.
 */
export function SignInForm({ next, onSent, onSignedIn }: { next?: string; onSent?: () => void; onSignedIn?: () => void }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);
  const request = useRequestSignInLink();
  const busy = request.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    request.mutate({ email: address, timezone: browserTimeZone(), ...(next && next !== '/' ? { next } : {}) }, { onSuccess: onSent });
  };

  if (request.isSuccess) {
    const address = email.trim();
    return (
      <div className="grid gap-4">
        <div role="status" className="grid gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm text-emerald-950">
          <p className="flex items-center gap-2 font-semibold">
            <MailCheck aria-hidden="true" className="size-4" />
            Check your email
          </p>
          <p>
            If <strong>{address}</strong> can sign in to {PRODUCT_NAME}, a sign-in link and code are on their way. Each works once and
            expires in {MAGIC_LINK_TTL_MS / 60_000} minutes.
          </p>
        </div>
        <SignInCodeForm email={address.toLowerCase()} next={next} onSignedIn={onSignedIn} />
      </div>
    );
  }

  const error = invalid
    ? 'Please enter a valid email address.'
    : request.isError
      ? (serverErrorMessage(request.error) ?? 'Could not send the link. Please try again.')
      : null;
  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-email`}>Email address</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@company.com"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Sending...' : 'Email me a sign-in link'}
      </Button>
    </form>
  );
}
