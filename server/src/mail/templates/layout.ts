import { PRODUCT_NAME } from '@dcbrief/shared';
import { escapeHtml } from '../../lib/html.js';

export interface EmailContent {
  preheader: string;
  heading: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  /** A one-time code shown large under the button, for typing on another device (the sign-in email). */
  code?: { intro: string; value: string };
  footnote?: string;
}

/** A plain, table-based layout that renders in every mail client, with a matching text part. */
export function renderEmail(content: EmailContent): { html: string; text: string } {
  const p = content.paragraphs
    .map((para) => `<p style="margin:0 0 16px;font-size:15px;line-height:1.6;color:#1f2937">${escapeHtml(para)}</p>`)
    .join('');
  const button = content.button
    ? `<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px"><tr><td style="border-radius:8px;background:#1d4ed8">
<a href="${escapeHtml(content.button.url)}" style="display:inline-block;padding:12px 22px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none;border-radius:8px">${escapeHtml(content.button.label)}</a>
</td></tr></table>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:#6b7280">Or paste this address into your browser:<br><a href="${escapeHtml(content.button.url)}" style="color:#1d4ed8;word-break:break-all">${escapeHtml(content.button.url)}</a></p>`
    : '';
  const code = content.code
    ? `<p style="margin:8px 0 8px;font-size:15px;line-height:1.6;color:#1f2937">${escapeHtml(content.code.intro)}</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:0 0 16px"><tr><td style="border:1px solid #cbd5e1;border-radius:8px;background:#f8fafc;padding:12px 20px">
<span style="font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:28px;font-weight:700;letter-spacing:.12em;color:#111827">${escapeHtml(content.code.value)}</span>
</td></tr></table>`
    : '';
  const footnote = content.footnote
    ? `<p style="margin:24px 0 0;font-size:12px;line-height:1.5;color:#6b7280">${escapeHtml(content.footnote)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f3f4f6;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px 28px">
<tr><td>
<p style="margin:0 0 24px;font-size:14px;font-weight:700;letter-spacing:.04em;color:#1d4ed8">${escapeHtml(PRODUCT_NAME.toUpperCase())}</p>
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:#111827">${escapeHtml(content.heading)}</h1>
${p}${button}${code}${footnote}
</td></tr></table>
</td></tr></table>
</body></html>`;
  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((para) => [para, '']),
    ...(content.button ? [`${content.button.label}: ${content.button.url}`, ''] : []),
    ...(content.code ? [content.code.intro, '', `    ${content.code.value}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    `-- ${PRODUCT_NAME}`,
  ].join('\n');
  return { html, text };
}
