/**
 * The translator stand-in: the engine's translation provider port answered from a set's own English translations. It
 * knows each title, text, paragraph and sentence of the set; a text made only of known sentences is translated
 * sentence by sentence; anything else is unknown (null), as a real provider answers a pair it cannot do.
 */
import type { TranslationProvider, Translator } from '../../server/src/engine/translate/translator.js';
import { alignedSentences, paragraphs, type QualityArticle } from './set.js';
import { splitSentences } from './text.js';

const key = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

export class SetTranslator implements Translator, TranslationProvider {
  readonly provider = 'set-stand-in';
  readonly calls = { total: 0, unknown: 0 };
  private readonly table = new Map<string, string>();

  constructor(
    articles: QualityArticle[],
    readonly target = 'en',
  ) {
    for (const a of articles) {
      if (!a.en) continue;
      this.table.set(key(a.title), a.en.title);
      this.table.set(key(a.text), a.en.text);
      const theirs = paragraphs(a.en.text);
      paragraphs(a.text).forEach((p, i) => theirs[i] && this.table.set(key(p), theirs[i]!));
      for (const { original, english } of alignedSentences(a)) this.table.set(key(original), english);
    }
  }

  async translate(text: string): Promise<string | null> {
    this.calls.total++;
    const whole = this.table.get(key(text));
    if (whole !== undefined) return whole;
    const out: string[] = [];
    for (const para of text.split(/\n+/).filter((p) => p.trim())) {
      const sentences = splitSentences(para).map((s) => this.table.get(key(s)));
      if (!sentences.length || sentences.some((s) => s === undefined)) {
        this.calls.unknown++;
        return null;
      }
      out.push(sentences.join(' '));
    }
    return out.length ? out.join('\n\n') : null;
  }

  /** The provider side of the port (the engine wraps it in its cache and per-pass budget). */
  async translateMany(texts: string[]): Promise<Array<string | null>> {
    return Promise.all(texts.map((t) => this.translate(t)));
  }
}
