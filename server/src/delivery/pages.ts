import { createHash } from 'node:crypto';
import { PRODUCT_NAME } from '@dcbrief/shared';
import { escapeHtml } from '../lib/html.js';

export interface PageAction {
  /**
   * A form posting to this address (the token travels in it, never a body the scanner could guess). `auto`:
   * the page posts it itself once a browser runs it, so one click in the email is enough; the button stays for
   * a browser without scripts. Mail scanners fetch links without running pages' scripts, so their GET still
   * records nothing.
   */
  post?: { action: string; label: string; auto?: boolean };
  link?: { href: string; label: string };
  /** More links after `link`, each on its own line. */
  links?: Array<{ href: string; label: string }>;
}

/** The one script an email-link page may run: it posts the page's form. Allowed by its hash (`AUTO_POST_CSP_SOURCE`). */
const AUTO_POST_SCRIPT = "document.getElementById('act').requestSubmit();";
export const AUTO_POST_CSP_SOURCE = `'sha256-${createHash('sha256').update(AUTO_POST_SCRIPT).digest('base64')}'`;

/** A small self-contained page (no external assets; at most the one script above) for the email links. */
export function emailLinkPage(title: string, paragraphs: string[], actions: PageAction = {}): string {
  const form = actions.post
    ? `<form id="act" method="post" action="${escapeHtml(actions.post.action)}"><button type="submit">${escapeHtml(actions.post.label)}</button></form>` +
      (actions.post.auto ? `<script>${AUTO_POST_SCRIPT}</script>` : '')
    : '';
  const link = [...(actions.link ? [actions.link] : []), ...(actions.links ?? [])]
    .map((l) => `<p class="action"><a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a></p>`)
    .join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)} | ${escapeHtml(PRODUCT_NAME)}</title>
<style>body{margin:0;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#1f2937}
main{max-width:520px;margin:48px auto;background:#fff;border-radius:12px;padding:32px 28px}h1{font-size:22px;margin:0 0 16px;color:#111827}
p{line-height:1.6}button{font:inherit;font-weight:600;padding:12px 22px;border:0;border-radius:8px;background:#1d4ed8;color:#fff;cursor:pointer}a{color:#1d4ed8}
.action a{display:inline-flex;align-items:center;min-height:44px}button{min-height:44px}
.brand{font-size:13px;font-weight:700;letter-spacing:.05em;color:#1d4ed8}</style></head>
<body><main><p class="brand">${escapeHtml(PRODUCT_NAME.toUpperCase())}</p><h1>${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${form}${link}</main></body></html>`;
}
