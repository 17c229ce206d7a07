import { MAGIC_LINK_TTL_MS, PRODUCT_NAME, SIGN_IN_CODE_LENGTH } from '@dcbrief/shared';
import { escapeHtml } from '../../lib/html.js';

export const AUTH_ASSET_PATH = '/api/login/assets';

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${PRODUCT_NAME}</title>
<link rel="stylesheet" href="${AUTH_ASSET_PATH}/auth.css">
<script src="${AUTH_ASSET_PATH}/auth.js" defer></script>
</head>
<body>
<main class="shell">
<a class="brand" href="/"><span class="mark" aria-hidden="true">DC</span>${PRODUCT_NAME}</a>
<section class="card">
${body}
</section>
<p class="legal">Fact-only data-center intelligence, every morning at 6:00 AM.</p>
</main>
</body>
</html>`;
}

/** A hidden `next` field: the page to open after sign-in, only ever a path on this site (checked by the caller). */
function nextField(next: string | undefined): string {
  return next ? `\n  <input type="hidden" name="next" value="${escapeHtml(next)}">` : '';
}

export function signInPage({ email = '', error = '', next }: { email?: string; error?: string; next?: string } = {}): string {
  return page(
    'Sign in',
    `<h1>Sign in to ${PRODUCT_NAME}</h1>
<p class="lead">Enter your work email and we'll send you a secure sign-in link. No password needed.</p>
<form method="post" action="/api/login" class="form" novalidate>${nextField(next)}
  <label for="email">Email address</label>
  <input id="email" name="email" type="email" autocomplete="email" required maxlength="254" placeholder="you@company.com" value="${escapeHtml(email)}"${error ? ' aria-invalid="true" aria-describedby="email-error"' : ''} autofocus>
  ${error ? `<p class="error" id="email-error" role="alert">${escapeHtml(error)}</p>` : ''}
  <button type="submit">Email me a sign-in link</button>
</form>
<p class="hint">New here? Signing in with a new address creates your account.</p>`,
  );
}

/**
 * After a request: the link is in the mailbox, and its code can be typed here instead (decision 020), which
 * is how a person whose mail is on another device signs in on this one. `error` is a refused code.
 */
export function checkEmailPage(email: string, next?: string, error = ''): string {
  const again = `/api/login?email=${encodeURIComponent(email)}${next ? `&next=${encodeURIComponent(next)}` : ''}`;
  const minutes = MAGIC_LINK_TTL_MS / 60_000;
  return page(
    'Check your email',
    `<h1>Check your email</h1>
<p class="lead">If <strong>${escapeHtml(email)}</strong> can sign in to ${PRODUCT_NAME}, a sign-in link and code are on their way. Each works once and expires in ${minutes} minutes.</p>
<form method="post" action="/api/login/code" class="form" novalidate data-busy-label="Signing in…">
  <input type="hidden" name="email" value="${escapeHtml(email)}">
  <input type="hidden" name="timezone" value="" data-timezone>${nextField(next)}
  <label for="code">Enter the code from the email</label>
  <input id="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" spellcheck="false" maxlength="${SIGN_IN_CODE_LENGTH + 4}" placeholder="1234 5678" class="code"${error ? ' aria-invalid="true" aria-describedby="code-error"' : ' aria-describedby="code-hint"'} autofocus>
  ${error ? `<p class="error" id="code-error" role="alert">${escapeHtml(error)}</p>` : `<p class="field-hint" id="code-hint">${SIGN_IN_CODE_LENGTH} digits, for signing in here while the email is open on another device.</p>`}
  <button type="submit">Sign in with code</button>
</form>
<p class="hint">Nothing arrived? Check your spam folder, or <a href="${escapeHtml(again)}">send another link</a>.</p>`,
  );
}

/**
 * The link in the email opens this page instead of signing in on GET: mail scanners fetch links
 * before the reader does, and would otherwise spend the one-time token. A small script submits the form
 * at once, so a person lands on the home page as if the link had signed them in directly.
 */
export function confirmSignInPage(token: string, next?: string): string {
  return page(
    'Signing you in',
    `<h1>Signing you in…</h1>
<p class="lead">One moment while we open your ${PRODUCT_NAME} account.</p>
<form method="post" action="/api/login/verify" class="form" data-autosubmit>
  <input type="hidden" name="token" value="${escapeHtml(token)}">
  <input type="hidden" name="timezone" value="" data-timezone>${nextField(next)}
  <button type="submit">Continue to ${PRODUCT_NAME}</button>
</form>`,
  );
}

export function linkInvalidPage(): string {
  return page(
    'Link expired',
    `<h1>This link has expired</h1>
<p class="lead">Sign-in links work once and only for ${MAGIC_LINK_TTL_MS / 60_000} minutes. Ask for a new one and use the newest email.</p>
<p><a class="button" href="/api/login">Send a new link</a></p>`,
  );
}

export const AUTH_SCRIPT = `(() => {
  const tz = (() => { try { return Intl.DateTimeFormat().resolvedOptions().timeZone || ''; } catch { return ''; } })();
  for (const input of document.querySelectorAll('[data-timezone]')) input.value = tz;
  const form = document.querySelector('form[data-autosubmit]');
  if (form) form.submit();
  for (const f of document.querySelectorAll('form:not([data-autosubmit])')) {
    f.addEventListener('submit', () => { const b = f.querySelector('button'); if (b) { b.disabled = true; b.textContent = f.dataset.busyLabel || 'Sending…'; } });
  }
})();
`;

export const AUTH_STYLES = `
:root { --accent: #1d4ed8; --accent-dark: #1e40af; --text: #0f172a; --muted: #475569; --line: #e2e8f0; --bg: #f8fafc; --danger: #b91c1c; }
* { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; background: var(--bg); color: var(--text);
  font-family: Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Helvetica, Arial, sans-serif; }
.shell { max-width: 440px; margin: 0 auto; padding: 56px 20px; }
.brand { display: inline-flex; align-items: center; gap: 10px; font-weight: 700; font-size: 18px; color: var(--text); text-decoration: none; margin-bottom: 24px; }
.mark { display: inline-grid; place-items: center; width: 32px; height: 32px; border-radius: 8px; background: var(--accent); color: #fff; font-size: 13px; letter-spacing: .02em; }
.card { background: #fff; border: 1px solid var(--line); border-radius: 14px; padding: 28px 24px; box-shadow: 0 1px 2px rgba(15,23,42,.04), 0 8px 24px rgba(15,23,42,.06); }
h1 { font-size: 22px; line-height: 1.3; margin: 0 0 8px; }
.lead { color: var(--muted); line-height: 1.6; margin: 0 0 20px; }
.form { display: grid; gap: 10px; }
label { font-size: 14px; font-weight: 600; }
input[type=email], input[type=text] { width: 100%; font: inherit; font-size: 16px; padding: 11px 12px; border: 1px solid #cbd5e1; border-radius: 8px; background: #fff; color: var(--text); }
input.code { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 22px; letter-spacing: .14em; text-align: center; }
.field-hint { color: var(--muted); font-size: 13px; line-height: 1.45; margin: 0; }
input[type=email]:focus, input[type=text]:focus { outline: 3px solid rgba(29,78,216,.25); border-color: var(--accent); }
input[aria-invalid=true] { border-color: var(--danger); }
button, .button { display: inline-flex; justify-content: center; align-items: center; font: inherit; font-weight: 600; font-size: 15px; padding: 11px 16px; border: 0; border-radius: 8px; background: var(--accent); color: #fff; cursor: pointer; text-decoration: none; margin-top: 6px; }
button:hover, .button:hover { background: var(--accent-dark); }
button:disabled { opacity: .7; cursor: progress; }
.error { color: var(--danger); font-size: 14px; margin: 0; }
.hint { color: var(--muted); font-size: 14px; line-height: 1.5; margin: 18px 0 0; }
.hint a { color: var(--accent); }
.legal { text-align: center; color: #64748b; font-size: 13px; margin-top: 24px; }
`;
