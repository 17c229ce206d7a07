import { decodeHTML } from 'entities';
import { Parser } from 'htmlparser2';

const BLOCK =
  /<\/?(p|div|br|li|ul|ol|h[1-6]|blockquote|section|article|tr|table|figure|figcaption|header|footer|pre|head|title|body)\b[^>]*>/gi;

/**
 * Readable text from feed HTML: block elements become line breaks, scripts and styles vanish, entities decoded.
 * The text is read as a DOM's `textContent` would be (htmlparser2's HTML mode, the parser DOM libraries such as
 * linkedom build on), without building the DOM: one pass, no tree per item. Never throws: should the parser fail,
 * the tags are removed and the entities decoded instead.
 */
export function htmlToText(html: string): string {
  if (!/[<&]/.test(html)) return tidy(html);
  const marked = html
    .replace(/<(script|style|noscript|iframe)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<!doctype[^>]*>|<\?xml[^>]*>/gi, ' ')
    .replace(BLOCK, '\n');
  try {
    const text: string[] = [];
    const parser = new Parser({ ontext: (t) => text.push(t) }, { decodeEntities: true, lowerCaseAttributeNames: false });
    parser.write(marked);
    parser.end();
    return tidy(text.join(''));
  } catch {
    return tidy(decodeHTML(marked.replace(/<!--[\s\S]*?-->/g, ' ').replace(/<[^>]*>/g, ' ')));
  }
}

export function tidy(text: string): string {
  return text
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t\f\v\r]+/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .join('\n')
    .trim();
}

/** Transcript files (WebVTT, SRT, plain text, HTML) as prose: cue numbers, timings and voice tags removed. */
export function transcriptToText(body: string, type: string): string {
  if (/html/i.test(type) || /^\s*</.test(body)) return htmlToText(body);
  if (/json/i.test(type)) {
    try {
      const doc = JSON.parse(body) as { segments?: Array<{ body?: string }> };
      return tidy((doc.segments ?? []).map((s) => s.body ?? '').join(' '));
    } catch {
      return '';
    }
  }
  const lines = body
    .replace(/^WEBVTT[^\n]*\n/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() && !/^\d+$/.test(l.trim()) && !/-->/.test(l) && !/^(NOTE|STYLE|REGION)\b/.test(l))
    .map((l) =>
      l
        .replace(/<\/?v[^>]*>/g, '')
        .replace(/<[^>]+>/g, '')
        .trim(),
    );
  const unique: string[] = [];
  for (const l of lines) if (unique.at(-1) !== l) unique.push(l);
  return tidy(unique.join(' '));
}
