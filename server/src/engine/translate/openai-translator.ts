import type { ChatClient, TranslationProvider } from './translator.js';

/**
 * Any OpenAI-compatible chat endpoint as a translator: one request per text (a few at once), asking for a
 * faithful translation and nothing else. A model can still add or change things, so an answer is declined
 * (null: the original stands) when its numbers are not the source's numbers, or when it is far longer than
 * any translation of the source would be.
 */
export class OpenAiTranslator implements TranslationProvider {
  readonly provider = 'openai';
  constructor(
    readonly target: string,
    private readonly chat: ChatClient,
    private readonly concurrency = 4,
  ) {}

  async translateMany(texts: string[], from: string): Promise<Array<string | null>> {
    const out: Array<string | null> = new Array(texts.length).fill(null);
    let next = 0;
    const worker = async () => {
      while (next < texts.length) {
        const i = next++;
        out[i] = await this.translateOne(texts[i]!, from);
      }
    };
    await Promise.all(Array.from({ length: Math.min(this.concurrency, texts.length) }, worker));
    return out;
  }

  private async translateOne(text: string, from: string): Promise<string | null> {
    const answer = await this.chat.complete([
      {
        role: 'system',
        content:
          `Translate the user's text from ${languageName(from)} (${from}) to ${languageName(this.target)} (${this.target}). ` +
          'It is a headline or a sentence of a news article. Translate faithfully: add nothing, leave nothing out, ' +
          'do not explain or comment. Keep every number with the same digits, and every unit, name and date. ' +
          'Reply with the translation only.',
      },
      { role: 'user', content: text },
    ]);
    const translation = answer
      .trim()
      .replace(/^(["“«„])([\s\S]*)(["”»“])$/u, '$2')
      .trim();
    if (!translation) return null;
    if (translation.length > text.length * 4 + 80) return null;
    return sameNumbers(text, translation) ? translation : null;
  }
}

function languageName(code: string): string {
  try {
    return new Intl.DisplayNames(['en'], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Zero of the decimal digits that NFKC leaves alone, in the scripts of the catalog. */
const DIGIT_ZEROS = [0x0660, 0x06f0, 0x0966, 0x09e6, 0x0e50];

/**
 * The numbers of a text in any of the catalog's scripts, separators dropped, as a sorted list: "1.000,5 MW",
 * "1,000.5 MW" and "1 000,5 MW" all give ["10005"], so a translation that rewrites separators passes and one
 * that changes, adds or drops a figure does not.
 */
export function numbersOf(text: string): string[] {
  const ascii = text.normalize('NFKC').replace(/\p{Nd}/gu, (d) => {
    const cp = d.codePointAt(0)!;
    const zero = DIGIT_ZEROS.find((z) => cp >= z && cp <= z + 9);
    return zero === undefined ? d : String(cp - zero);
  });
  const tokens = ascii.match(/\d{1,3}(?:[ \u00a0\u202f\u2009]\d{3}(?!\d))+|\d+(?:[.,'’]\d+)*/g) ?? [];
  return tokens.map((t) => t.replace(/\D/g, '').replace(/^0+(?=\d)/, '')).sort();
}

export function sameNumbers(source: string, translation: string): boolean {
  const a = numbersOf(source);
  const b = numbersOf(translation);
  return a.length === b.length && a.every((n, i) => n === b[i]);
}
