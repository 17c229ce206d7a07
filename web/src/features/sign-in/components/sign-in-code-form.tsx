import { KeyRound } from 'lucide-react';
import { useId, useState, type ClipboardEvent, type FormEvent } from 'react';
import { useInRouterContext, useNavigate } from 'react-router';
import { normalizeSignInCode, PRODUCT_NAME, SIGN_IN_CODE_FORMAT, SIGN_IN_CODE_LENGTH } from '@dcbrief/shared';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/hooks/use-toast';
import { serverErrorMessage } from '@/lib/api-error';
import { navigateTo } from '@/lib/browser-navigation';
import { browserTimeZone } from '../api/request-sign-in-link';
import { useSignInWithCode } from '../api/sign-in-with-code';
import { FieldError } from '@/components/ui/field-error';

const CODE_PATTERN = new RegExp(`^\\d{${SIGN_IN_CODE_LENGTH}}$`);

/** "48210937" → "4821 0937", as the email shows it. */
function grouped(digits: string): string {
  const half = Math.ceil(SIGN_IN_CODE_LENGTH / 2);
  return digits.length > half ? `${digits.slice(0, half)} ${digits.slice(half)}` : digits;
}

type Navigate = (to: string) => unknown;
interface SignInCodeFormProps {
  email: string;
  next?: string;
  onSignedIn?: () => void;
}

/**
 * "Enter the code from the email" (docs/decisions/020): how a person signs in on a device where the emailed link
 * does not open, the desktop app above all. Success lands on `next` (or home) signed in, with a toast: inside the
 * app's router it moves there; where there is none (the landing page's own first script, docs/decisions/530) it
 * loads the page.
 */
export function SignInCodeForm(props: SignInCodeFormProps) {
  return useInRouterContext() ? <RoutedCodeForm {...props} /> : <CodeForm {...props} navigate={navigateTo} />;
}

function RoutedCodeForm(props: SignInCodeFormProps) {
  const navigate = useNavigate();
  return <CodeForm {...props} navigate={navigate} />;
}

function CodeForm({ email, next, onSignedIn, navigate }: SignInCodeFormProps & { navigate: Navigate }) {
  const id = useId();
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const signIn = useSignInWithCode(async ({ redirectTo }) => {
    toast({ title: 'Signed in', description: `You're signed in to ${PRODUCT_NAME} as ${email}.` });
    onSignedIn?.();
    await navigate(redirectTo);
  });
  const busy = signIn.isPending || signIn.isSuccess;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const digits = normalizeSignInCode(code);
    if (!CODE_PATTERN.test(digits)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    signIn.mutate({ email, code: digits, timezone: browserTimeZone(), ...(next && next !== '/' ? { next } : {}) });
  };

  // A pasted "Your code: 4821 0937" or "4821-0937" becomes the eight digits, grouped as in the email.
  const paste = (event: ClipboardEvent<HTMLInputElement>) => {
    const digits = event.clipboardData.getData('text').replace(/\D/g, '');
    if (digits.length !== SIGN_IN_CODE_LENGTH) return;
    event.preventDefault();
    setCode(grouped(digits));
  };

  const error = invalid
    ? `${SIGN_IN_CODE_FORMAT}.`
    : signIn.isError
      ? (serverErrorMessage(signIn.error) ?? 'Could not sign in. Please try again.')
      : null;
  return (
    <form noValidate onSubmit={submit} className="grid gap-3">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-code`} className="flex items-center gap-2">
          <KeyRound aria-hidden="true" className="size-4 text-blue-700" />
          Enter the code from the email
        </Label>
        <Input
          id={`${id}-code`}
          name="code"
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          spellCheck={false}
          maxLength={SIGN_IN_CODE_LENGTH + 4}
          placeholder="1234 5678"
          className="h-12 text-center font-mono text-xl tracking-[0.2em] placeholder:tracking-[0.2em]"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onPaste={paste}
          disabled={busy}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-code-error` : `${id}-code-hint`}
        />
        {error ? (
          <FieldError id={`${id}-code-error`}>{error}</FieldError>
        ) : (
          <p id={`${id}-code-hint`} className="text-sm text-slate-600">
            {SIGN_IN_CODE_LENGTH} digits. Use it on this device when the email is open on another one.
          </p>
        )}
      </div>
      <Button type="submit" disabled={busy}>
        {busy ? 'Signing in...' : 'Sign in with code'}
      </Button>
    </form>
  );
}
