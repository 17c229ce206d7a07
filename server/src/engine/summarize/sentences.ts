import { fold } from '../language/fold.js';
import { isMonthName } from './fact-lexicon.js';

const segmenters = new Map<string, Intl.Segmenter>();

/** Sentences by the Unicode rules of the language (Intl.Segmenter), one paragraph at a time. */
export function splitSentences(text: string, language: string): string[] {
  let seg = segmenters.get(language);
  if (!seg) {
    try {
      seg = new Intl.Segmenter(language, { granularity: 'sentence' });
    } catch {
      seg = new Intl.Segmenter('en', { granularity: 'sentence' });
    }
    segmenters.set(language, seg);
  }
  const out: string[] = [];
  for (const para of text.split(/\n+/)) {
    for (const { segment } of seg.segment(para)) {
      const s = segment.trim();
      if (s) out.push(s);
    }
  }
  return mergeAbbreviations(out);
}

/**
 * Marks that end a sentence in the catalog's scripts: full stops (Latin, CJK, full-width, Devanagari's danda,
 * Arabic, Armenian, Ethiopic), question and exclamation marks, an ellipsis, and any of these before a closing
 * quotation mark or bracket.
 */
const SENTENCE_END = /[.!?。．｡！？…।॥۔؟։።፧][\s"'”’»›」』)\]）]*$|[”"»」』]\s*$/u;

/**
 * Whether a sentence as cut from its article ends as a sentence does. A line with no such mark is a caption, a
 * byline, a dateline, a subtitle or a list of names (a line of its own, cut at its paragraph's end).
 */
export function endsSentence(sentence: string): boolean {
  return SENTENCE_END.test(sentence.trim());
}

/**
 * "Inc." or "Mr." at a sentence end followed by a lower-case start was not a sentence end; nor was a
 * day written with an ordinal point before its month ("ab dem 1. Januar 2028", "den 3. mars"); nor a title
 * or a kind of place or company that always comes before a name ("TP. HCM", "PT. Telkom", "Shri. Modi",
 * "и.о. министра", "Hon. Minister"), whatever case the name starts with.
 */
/** Abbreviations that come before a name and never end a sentence (Vietnamese, Indonesian, Indian, Russian titles). */
const NAME_PREFIX = /(?:^|[\s(])(?:TP|Tp|PT|Hon|Shri|Smt|Mrs|Prof|Gov|Sen|Rep|и\.о|г-н|г-жа)\.$/u;

function mergeAbbreviations(parts: string[]): string[] {
  const out: string[] = [];
  for (const p of parts) {
    const prev = out.at(-1);
    const abbreviation = /\b(?:Inc|Corp|Ltd|Co|Mr|Ms|Dr|St|No|Nr|bzw|ca|z\.B|approx)\.$/.test(prev ?? '') && /^\p{Ll}/u.test(p);
    const beforeName = NAME_PREFIX.test(prev ?? '') && /^[\p{L}\p{N}]/u.test(p);
    const ordinalDay = /(?:^|\s)\d{1,2}\.$/.test(prev ?? '') && isMonthName(fold(/^\p{L}+/u.exec(p)?.[0] ?? ''));
    if (prev && (abbreviation || beforeName || ordinalDay)) out[out.length - 1] = `${prev} ${p}`;
    else out.push(p);
  }
  return out;
}
