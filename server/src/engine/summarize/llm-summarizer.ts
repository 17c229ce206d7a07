import { CONTENT_DEPTHS } from '@dcbrief/shared';
import { fold } from '../dedupe/gazetteer.js';
import type { ChatClient } from '../translate/translator.js';
import { rankedCandidates, summarizeExtractive, type SummaryArticle, type Summarizer } from './extractive.js';
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

  constructor(private readonly chat: ChatClient) {}

  async summarize(articles: SummaryArticle[], preferredLanguage: string): Promise<StorySummaries> {
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
    const fallback = rankedCandidates(articles, preferredLanguage);
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
          out.push({ text: replacement.text, language: replacement.language, sourceIds: [...replacement.sourceIds].sort(), articleIds: [...replacement.articleIds] });
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
  const sourceText = cited.map((a) => `${a.title}\n${a.text}`).join('\n');
  const sourceNumbers = new Set(numbersIn(sourceText));
  for (const n of numbersIn(text)) if (!sourceNumbers.has(n)) return { ok: false, reason: `number ${n} not in sources: "${text}"` };
  const foldedSource = fold(sourceText);
  for (const name of namesIn(text)) if (!foldedSource.includes(fold(name))) return { ok: false, reason: `name ${name} not in sources: "${text}"` };
  return { ok: true, sentence: { text, language, sourceIds: [...new Set(cited.map((a) => a.sourceId))].sort(), articleIds: [...new Set(cited.map((a) => a.id))] } };
}

/** Digits with separators removed: "1,200" and "1200" are the same number; "1.5" keeps its point. */
function numbersIn(text: string): string[] {
  return (text.match(/\d[\d,.\u00a0\u202f ]*\d|\d/g) ?? []).map((n) => n.replace(/[,\u00a0\u202f ]/g, '').replace(/\.(?=\d{3}(\D|$))/g, '').replace(/\.$/, ''));
}

/** Capitalised words after the first word of the sentence, and acronyms anywhere. */
function namesIn(text: string): string[] {
  const words = text.match(/[\p{L}][\p{L}\p{N}&'’-]*/gu) ?? [];
  return words.filter((w, i) => /^\p{Lu}/u.test(w) && (i > 0 || /^\p{Lu}{2,}/u.test(w)) && w.length > 1);
}
