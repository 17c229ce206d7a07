import { CONTENT_DEPTHS } from '@dcbrief/shared';
import { extractEntities, isCommonWord } from '../language/anchors.js';
import { gazetteerHitsInScript, gazetteerKey } from '../language/gazetteer.js';
import { fold } from '../language/fold.js';
import { FUNCTION_WORDS } from '../language/identify.js';
import { baseLanguage } from '../language/base-language.js';
import type { ChatClient } from '../translate/translator.js';
import {
  factSentence,
  summarizeExtractive,
  translateSentences,
  type FactTranslator,
  type SummaryArticle,
  type Summarizer,
} from './extractive.js';
import { rankFacts } from './facts.js';
import { judgeSentence } from './fact-filter.js';
import type { StorySummaries, SummarySentence } from './summary.types.js';

interface LlmSentence {
  text?: unknown;
  articles?: unknown;
}

export interface VerificationReport {
  kept: number;
  replaced: number;
  reasons: string[];
}

/**
 * A language-model summarizer (any OpenAI-compatible chat endpoint). Its output is not trusted: every
 * sentence must cite articles of the story, pass the fact filter, and every number and name in it must
 * appear in the cited articles; a sentence that fails is replaced by the next extractive sentence.
 * If the endpoint fails, the whole story falls back to the extractive summary.
 */
export class LlmSummarizer implements Summarizer {
  readonly name = 'openai';
  lastReport: VerificationReport = { kept: 0, replaced: 0, reasons: [] };

  constructor(
    private readonly chat: ChatClient,
    private readonly translator?: FactTranslator,
  ) {}

  async summarize(articles: SummaryArticle[], preferredLanguage: string): Promise<StorySummaries> {
    // The extractive facts stand in for the model's sentences that fail (or for all when it fails): like
    // the extractive summarizer's, those not in the reader's language are translated when a translator is.
    return translateSentences(await this.summarizeWithModel(articles, preferredLanguage), this.translator, preferredLanguage);
  }

  private async summarizeWithModel(articles: SummaryArticle[], preferredLanguage: string): Promise<StorySummaries> {
    const extractive = summarizeExtractive(articles, preferredLanguage);
    let raw: string;
    try {
      raw = await this.chat.complete(prompt(articles, preferredLanguage), true);
    } catch (err) {
      this.lastReport = { kept: 0, replaced: 0, reasons: [`endpoint failed: ${(err as Error).message}`] };
      return extractive;
    }
    let parsed: Record<string, LlmSentence[]>;
    try {
      parsed = JSON.parse(raw.replace(/^```(?:json)?\s*|\s*```$/g, ''));
    } catch {
      this.lastReport = { kept: 0, replaced: 0, reasons: ['reply was not JSON'] };
      return extractive;
    }
    const report: VerificationReport = { kept: 0, replaced: 0, reasons: [] };
    const fallback = rankFacts(articles, preferredLanguage).map((f) => factSentence(f, preferredLanguage));
    const result = { ...extractive };
    for (const depth of CONTENT_DEPTHS) {
      const proposed = Array.isArray(parsed[depth]) ? parsed[depth]! : [];
      const used = new Set<string>();
      const out: SummarySentence[] = [];
      for (const item of proposed.slice(0, extractive[depth].length || 1)) {
        const verdict = verify(item, articles, preferredLanguage);
        if (verdict.ok) {
          out.push(verdict.sentence);
          report.kept++;
          continue;
        }
        report.replaced++;
        report.reasons.push(verdict.reason);
        const replacement = fallback.find((c) => !used.has(c.text) && !out.some((o) => o.text === c.text));
        if (replacement) {
          used.add(replacement.text);
          out.push(replacement);
        }
      }
      result[depth] = out.length ? out : extractive[depth];
    }
    this.lastReport = report;
    return result;
  }
}

function prompt(articles: SummaryArticle[], language: string) {
  const numbered = articles.map((a, i) => `[${i + 1}] (${a.language}) ${a.title}\n${a.text.slice(0, 3000)}`).join('\n\n');
  return [
    {
      role: 'system' as const,
      content:
        `You write fact-only news summaries in ${language} for data-center professionals. State only verifiable facts ` +
        '(who, what, where, when, how much) found in the articles. No opinion, speculation, marketing, questions or quotes. ' +
        'Reply with JSON: {"brief":[S],"standard":[S,S,S],"detailed":[up to 6 S]} where S is {"text": string, "articles": [article numbers it comes from]}.',
    },
    { role: 'user' as const, content: numbered },
  ];
}

type Verdict = { ok: true; sentence: SummarySentence } | { ok: false; reason: string };

export function verify(item: LlmSentence, articles: SummaryArticle[], language: string): Verdict {
  if (typeof item.text !== 'string' || !item.text.trim()) return { ok: false, reason: 'empty sentence' };
  const text = item.text.trim();
  const cited = (Array.isArray(item.articles) ? item.articles : [])
    .map((n) => articles[Number(n) - 1])
    .filter((a): a is SummaryArticle => Boolean(a));
  if (!cited.length) return { ok: false, reason: `no valid source for "${text}"` };
  const judged = judgeSentence(text, language);
  if (!judged.keep) return { ok: false, reason: `${judged.reason} (${judged.marker ?? ''}) in "${text}"` };
  const facts = cited.map(factsOf);
  const sourceNumbers = new Set(facts.flatMap((f) => f.numbers));
  for (const n of numbersIn(text)) if (!sourceNumbers.has(n)) return { ok: false, reason: `number ${n} not in sources: "${text}"` };
  const inSources = (name: string) => {
    const folded = fold(name);
    const key = gazetteerKey(name);
    return facts.some((f) => f.folded.includes(folded) || (key !== undefined && f.entities.has(key)));
  };
  const ordinary = (word: string) => {
    const folded = fold(word);
    return (
      SENTENCE_STARTERS.has(folded) || FUNCTION_WORDS[baseLanguage(language)]?.has(folded) || facts.some((f) => f.lowerWords.has(folded))
    );
  };
  for (const name of namesIn(text)) {
    if (isCommonWord(fold(name.word)) || (name.initial && ordinary(name.word))) continue;
    if (!inSources(name.word)) return { ok: false, reason: `name ${name.word} not in sources: "${text}"` };
  }
  // Scripts without case (CJK, Arabic, Thai, ...) show no names by capitals: the gazetteer's names, in any
  // script, must be among the cited articles' (Frankfurt = フランクフルト = 法兰克福), as the numbers are.
  for (const key of gazetteerHitsInScript(text)) {
    if (!facts.some((f) => f.entities.has(key))) return { ok: false, reason: `name ${key} not in sources: "${text}"` };
  }
  return {
    ok: true,
    sentence: {
      text,
      language,
      sourceIds: [...new Set(cited.flatMap((a) => [a.sourceId, ...(a.alsoSourceIds ?? [])]))].sort(),
      articleIds: [...new Set(cited.map((a) => a.id))],
      inReaderLanguage: true,
    },
  };
}

interface ArticleFacts {
  /** Title and text folded (lower case, no accents): names are looked for in it. */
  folded: string;
  numbers: string[];
  /** Names by the anchors' rules, with gazetteer keys for names that change spelling or script. */
  entities: Set<string>;
  /** Words the article writes in lower case: ordinary words, not names, when they open a sentence. */
  lowerWords: Set<string>;
}

const factsCache = new WeakMap<SummaryArticle, ArticleFacts>();

function factsOf(article: SummaryArticle): ArticleFacts {
  let facts = factsCache.get(article);
  if (!facts) {
    const text = `${article.title}\n${article.text}`;
    facts = {
      folded: fold(text),
      numbers: numbersIn(text),
      entities: extractEntities(text, article.language),
      lowerWords: new Set((text.match(CASED_WORD) ?? []).filter((w) => /^\p{Ll}/u.test(w)).map((w) => fold(w))),
    };
    factsCache.set(article, facts);
  }
  return facts;
}

/** Decimal digits of any script (Arabic-Indic, Devanagari, Thai, full-width, ...) as ASCII. */
const DIGIT_ZEROS = [
  0x660, 0x6f0, 0x7c0, 0x966, 0x9e6, 0xa66, 0xae6, 0xb66, 0xbe6, 0xc66, 0xce6, 0xd66, 0xde6, 0xe50, 0xed0, 0xf20, 0x1040, 0x1090, 0x17e0,
  0x1810, 0xff10,
];

function asciiDigits(text: string): string {
  return text.replace(/[^\P{Nd}0-9]/gu, (d) => {
    const cp = d.codePointAt(0)!;
    const zero = DIGIT_ZEROS.find((z) => cp >= z && cp <= z + 9);
    return zero === undefined ? d : String(cp - zero);
  });
}

/** Digits with separators removed: "1,200" and "1200" are the same number; "1.5" keeps its point. */
function numbersIn(text: string): string[] {
  return (
    asciiDigits(text)
      .replace(/[，]/g, ',')
      .match(/\d[\d,.\u00a0\u202f ]*\d|\d/g) ?? []
  ).map((n) =>
    n
      .replace(/[,\u00a0\u202f ]/g, '')
      .replace(/\.(?=\d{3}(\D|$))/g, '')
      .replace(/\.$/, ''),
  );
}

/** Words of cased scripts (Latin, Cyrillic, Greek, ...): a run stops at a caseless letter, so "Equinixは" is "Equinix". */
const CASED_WORD = /[\p{Lu}\p{Ll}\p{Lt}][\p{Lu}\p{Ll}\p{Lt}\p{M}\p{N}&'’-]*/gu;

/** Common words that open English sentences, beyond the function words of each language. */
const SENTENCE_STARTERS = new Set(
  (
    'a an the this these those that it its their there here they he she we as at after before during under over about ' +
    'according since until while when once both each all some most many several other another such one two three four ' +
    'five six seven eight nine ten first second third last new also however meanwhile today yesterday earlier later ' +
    'in on of for from with by into to and but or if'
  ).split(' '),
);

/**
 * Capitalised words and acronyms, each marked when it opens a sentence: there a capital tells nothing, so
 * the caller decides whether it is an ordinary word or a name that the sources must contain.
 */
function namesIn(text: string): Array<{ word: string; initial: boolean }> {
  const out: Array<{ word: string; initial: boolean }> = [];
  for (const sentence of text.split(/(?<=[.!?。！？])\s*/u)) {
    let first = true;
    for (const match of sentence.matchAll(/[\p{L}\p{N}][\p{L}\p{N}\p{M}&'’-]*/gu)) {
      const initial = first;
      first = false;
      for (const raw of match[0].match(CASED_WORD) ?? []) {
        const word = raw.replace(/['’]s?$/u, '');
        if (word.length < 2 || !/^\p{Lu}/u.test(word)) continue;
        const acronym = /^\p{Lu}[\p{Lu}\p{N}&]+$/u.test(word);
        out.push({ word, initial: initial && !acronym && raw === match[0] });
      }
    }
  }
  return out;
}
