import { MailCheck } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { MAGIC_LINK_TTL_MS, PRODUCT_NAME } from '@dcbrief/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { serverErrorMessage } from '@/lib/api-error';
import { browserTimeZone, useRequestSignInLink } from '../api/request-sign-in-link';
import { SignInCodeForm } from './sign-in-code-form';
import { FieldError } from '@/components/ui/field-error';

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
  const resend = useRequestSignInLink();
  // Sent once, the code step stays: asking again (a new link and code) must not bring the email form back.
  const [sent, setSent] = useState<{ email: string; times: number } | null>(null);
  const busy = request.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL_PATTERN.test(address)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    request.mutate(requestFor(address), {
      onSuccess: () => {
        setSent({ email: address, times: 1 });
        onSent?.();
      },
    });
  };

  const requestFor = (address: string) => ({ email: address, timezone: browserTimeZone(), ...(next && next !== '/' ? { next } : {}) });

  if (sent) {
    const address = sent.email;
    const sendAgain = () => resend.mutate(requestFor(address), { onSuccess: () => setSent({ email: address, times: sent.times + 1 }) });
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
        {/* A new email's code starts afresh: a new form, without the last one's digits or reason. */}
        <SignInCodeForm key={sent.times} email={address.toLowerCase()} next={next} onSignedIn={onSignedIn} />
        <div className="grid gap-1 text-sm text-slate-600">
          <p>
            Nothing arrived, or the code stopped working? Check your spam folder, or{' '}
            <button
              type="button"
              onClick={sendAgain}
              disabled={resend.isPending}
              className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800 disabled:cursor-progress disabled:opacity-70"
            >
              {resend.isPending ? 'sending...' : 'send a new link and code'}
            </button>
            .
          </p>
          <p role="status" className={resend.isError ? 'text-red-700' : 'text-emerald-800'}>
            {resend.isError
              ? (serverErrorMessage(resend.error) ?? 'Could not send the link. Please try again.')
              : sent.times > 1
                ? 'A new link and code are on their way. Only the newest email works.'
                : ''}
          </p>
        </div>
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
        {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Sending...' : 'Email me a sign-in link'}
      </Button>
    </form>
  );
}
