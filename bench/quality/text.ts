/**
 * The sets' own sentence splitter and the normal form sentences are compared in. Deliberately not the
 * engine's: the labels must not move when the engine's segmentation changes.
 */

/** Abbreviations that end with a full stop inside a sentence ("850 Mio. Euro", "z.B. Kühlung", "Dr. Weber"). */
const ABBREVIATIONS = new Set(
  [
    'mr',
    'mrs',
    'ms',
    'dr',
    'prof',
    'st',
    'nr',
    'no',
    'bzw',
    'ca',
    'z.b',
    'u.a',
    'vs',
    'approx',
    'mio',
    'mrd',
    'inc',
    'corp',
    'ltd',
    'etc',
  ].map((a) => a.toLowerCase()),
);

/**
 * Sentences, paragraph by paragraph: a sentence ends at 。！？ (with any closing quote), or at . ! ? ؟ followed by
 * a space and a capital, digit, quote or a letter of a script without case, unless the full stop closes an
 * abbreviation or a one- or two-digit ordinal ("am 17. November").
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const para of text.split(/\n+/)) {
    let start = 0;
    const p = para.trim();
    for (let i = 0; i < p.length; i++) {
      const c = p[i]!;
      if ('。！？'.includes(c)) {
        let end = i + 1;
        while (end < p.length && '」』”"）)'.includes(p[end]!)) end++;
        push(out, p.slice(start, end));
        start = end;
        i = end - 1;
        continue;
      }
      if (!'.!?؟'.includes(c)) continue;
      let end = i + 1;
      while (end < p.length && '"”’»)'.includes(p[end]!)) end++;
      if (end >= p.length || !/\s/.test(p[end]!)) continue;
      const next = p.slice(end).trimStart()[0] ?? '';
      if (!/[\p{Lu}\p{Lo}\d"“„«¿¡'‘]/u.test(next)) continue;
      if (c === '.') {
        const before = p.slice(start, i);
        const word = /[\p{L}.]+$/u.exec(before)?.[0] ?? '';
        if (ABBREVIATIONS.has(word.toLowerCase())) continue;
        if (/(?:^|\s)\d{1,2}$/.test(before)) continue;
      }
      push(out, p.slice(start, end));
      start = end;
    }
    push(out, p.slice(start));
  }
  return out;
}

function push(out: string[], s: string) {
  const t = s.trim();
  if (t) out.push(t);
}

/** Compared in: NFKC, lower case, straight quotes, single spaces, no closing punctuation. */
export function normalizeSentence(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[“”„«»]/g, '"')
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/[\s.。!！?？؟]+$/u, '')
    .trim();
}

/** A paragraph as the page wrote it: sentences joined by a space, none after a CJK full stop (the labelled sets' texts). */
export function joinParagraph(sentences: string[]): string {
  let out = '';
  for (const s of sentences) {
    if (!out) out = s;
    else if (/[。！？」』”）]$/u.test(out) && /^[^A-Za-z0-9]/.test(s)) out += s;
    else out += ' ' + s;
  }
  return out;
}
