/** Phrases of one language and their translation, as a test gives them to a translation stand-in. */
export type Phrases = Record<string, string>;

/**
 * A deterministic "machine translation" for the stand-ins: a text given whole in the dictionary gets its
 * entry; otherwise every phrase found is replaced (longest first, in one sweep so a translation is never
 * translated again) and the rest is kept as is, as machine translation keeps names and figures.
 */
export function translateWith(phrases: Phrases, text: string): string {
  if (Object.hasOwn(phrases, text)) return phrases[text]!;
  const keys = Object.keys(phrases).sort((a, b) => b.length - a.length);
  if (!keys.length) return text;
  const pattern = new RegExp(keys.map((k) => k.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return text.replace(pattern, (found) => phrases[found]!);
}

/** The language whose phrases a text uses most (for `source: auto`), or null when it uses none. */
export function guessLanguage(dictionary: Record<string, Phrases>, text: string): string | null {
  let best: { language: string; hits: number } | null = null;
  for (const [language, phrases] of Object.entries(dictionary)) {
    const hits = Object.keys(phrases).filter((p) => text.includes(p)).length;
    if (hits && (!best || hits > best.hits)) best = { language, hits };
  }
  return best?.language ?? null;
}
