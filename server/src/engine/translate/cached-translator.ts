import { createHash } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import { perStatement } from '../../db/per-statement.js';
import type { Logger } from '../../lib/logger.js';
import { TranslationCacheEntry } from '../model/translation.entity.js';
import { baseLanguage } from '../language/base-language.js';
import { UnsupportedPairError, type TranslationProvider, type Translator } from './translator.js';

/** One text to translate and the language it is in. */
export interface TranslationRequest {
  text: string;
  from: string;
}

/** What a pass asked of translation, what it got, and why the rest stayed in its language. */
export interface TranslationPassReport {
  provider: string;
  /** Characters the pass may send to the provider (TRANSLATE_MAX_CHARS_PER_PASS). */
  budget: number;
  /** Texts asked for that were not in the target language. */
  asked: number;
  /** Answered from the cache, at no cost. */
  cached: number;
  /** Answered by the provider in this pass. */
  translated: number;
  /** Characters sent to the provider: what the budget counts. */
  charsSent: number;
  /** Texts left in their own language, by reason. */
  untranslated: { budget: number; failed: number; unsupported: number; declined: number };
  /** `from->to` pairs the provider does not have, learnt in this pass. */
  unsupportedPairs: string[];
  /** The provider's failure that stopped translation for the rest of the pass. */
  failure: string | null;
}

/** The translator an ingest pass uses: the port, plus batches and the pass's budget and report. */
export interface PassTranslator extends Translator {
  /** Many texts at once, in order of priority (the budget is spent from the first); one answer each. */
  translateAll(requests: TranslationRequest[]): Promise<Array<string | null>>;
  /** A new pass: the budget is full again, and pairs and failures learnt in the last pass are forgotten. */
  startPass(): void;
  /** The pass's report, logged (a warning when the provider failed or the budget ran out); the next pass starts afresh. */
  endPass(): TranslationPassReport;
}

/**
 * A provider behind a cache and a per-pass budget. Every translation is looked up first (keyed by provider,
 * language pair and a hash of the text) and stored after: a text is sent once, whatever re-runs. Only texts
 * missing from the cache are sent, in the order asked, until the pass's character budget is spent; after
 * that, after a pair turns out unsupported, or after the provider fails (once its client's retries are
 * spent), the rest stays in its language and the pass goes on: a translation never stops a pass.
 */
export class CachedTranslator implements PassTranslator {
  private pass: ReturnType<CachedTranslator['freshPass']>;

  constructor(
    private readonly inner: TranslationProvider,
    private readonly em: EntityManager,
    private readonly options: { maxCharsPerPass?: number; logger?: Logger } = {},
  ) {
    this.pass = this.freshPass();
  }

  get provider() {
    return this.inner.provider;
  }
  get target() {
    return this.inner.target;
  }

  async translate(text: string, from: string): Promise<string | null> {
    return (await this.translateAll([{ text, from }]))[0] ?? null;
  }

  async translateAll(requests: TranslationRequest[]): Promise<Array<string | null>> {
    const out: Array<string | null> = requests.map(() => null);
    if (this.inner.provider === 'none') return out;
    /** The distinct texts to translate, by cache key, with the positions that asked for each. */
    const wanted = new Map<string, TranslationRequest & { key: string; at: number[] }>();
    requests.forEach((r, i) => {
      if (!r.text.trim() || baseLanguage(r.from) === baseLanguage(this.target)) return;
      const key = this.keyOf(r);
      const w = wanted.get(key);
      if (w) w.at.push(i);
      else wanted.set(key, { ...r, key, at: [i] });
    });
    if (!wanted.size) return out;
    const report = this.pass.report;
    report.asked += wanted.size;
    const em = this.em.fork();
    const answer = (key: string, text: string) => {
      for (const i of wanted.get(key)!.at) out[i] = text;
    };
    for (const keys of perStatement([...wanted.keys()]))
      for (const hit of await em.find(TranslationCacheEntry, { key: { $in: keys } })) {
        if (!wanted.has(hit.key)) continue;
        answer(hit.key, hit.text);
        report.cached++;
        wanted.delete(hit.key);
      }
    const fresh = await this.translateMisses([...wanted.values()]);
    for (const [key, text] of fresh) answer(key, text);
    await this.store(em, fresh, wanted);
    return out;
  }

  startPass(): void {
    this.pass = this.freshPass();
  }

  endPass(): TranslationPassReport {
    const { report } = this.pass;
    this.pass = this.freshPass();
    const logger = this.options.logger;
    const left = report.untranslated.budget + report.untranslated.failed + report.untranslated.unsupported + report.untranslated.declined;
    if (report.failure)
      logger?.warn(
        { translation: report },
        `translation provider ${report.provider} failed (${report.failure}); ${left} texts stay untranslated this pass, marked with their language`,
      );
    else if (report.untranslated.budget)
      logger?.warn(
        { translation: report },
        `translation budget spent: ${report.charsSent} of ${report.budget} characters per pass (TRANSLATE_MAX_CHARS_PER_PASS) sent to ${report.provider}; ${left} texts stay untranslated this pass, marked with their language`,
      );
    else if (report.asked) logger?.info({ translation: report }, 'translation pass');
    return report;
  }

  /** Texts missing from the cache: within budget, grouped by language, sent to the provider. */
  private async translateMisses(misses: Array<TranslationRequest & { key: string }>): Promise<Map<string, string>> {
    const { report, unsupported } = this.pass;
    const byLanguage = new Map<string, Array<TranslationRequest & { key: string }>>();
    for (const miss of misses) {
      const pair = `${miss.from}->${this.target}`;
      if (report.failure) report.untranslated.failed++;
      else if (unsupported.has(pair)) report.untranslated.unsupported++;
      else if (this.pass.spent || report.charsSent + this.pass.reserved + miss.text.length > report.budget) {
        // The budget stops at the first text that does not fit: what comes first is what matters most.
        this.pass.spent = true;
        report.untranslated.budget++;
      } else {
        this.pass.reserved += miss.text.length;
        const group = byLanguage.get(miss.from) ?? [];
        group.push(miss);
        byLanguage.set(miss.from, group);
      }
    }
    const translated = new Map<string, string>();
    for (const [from, group] of byLanguage) {
      const chars = group.reduce((n, g) => n + g.text.length, 0);
      this.pass.reserved -= chars;
      const pair = `${from}->${this.target}`;
      if (report.failure || unsupported.has(pair)) {
        if (report.failure) report.untranslated.failed += group.length;
        else report.untranslated.unsupported += group.length;
        continue;
      }
      report.charsSent += chars;
      try {
        const answers = await this.inner.translateMany(
          group.map((g) => g.text),
          from,
        );
        group.forEach((g, i) => {
          const text = answers[i]?.trim();
          if (text) {
            translated.set(g.key, text);
            report.translated++;
          } else report.untranslated.declined++;
        });
      } catch (err) {
        if (err instanceof UnsupportedPairError) {
          unsupported.add(pair);
          report.unsupportedPairs.push(pair);
          report.untranslated.unsupported += group.length;
        } else {
          report.failure = (err as Error).message;
          report.untranslated.failed += group.length;
        }
      }
    }
    return translated;
  }

  private async store(em: EntityManager, translated: Map<string, string>, asked: Map<string, TranslationRequest>): Promise<void> {
    const entries = [...translated].map(([key, text]) =>
      Object.assign(new TranslationCacheEntry(), {
        key,
        provider: this.inner.provider,
        fromLanguage: asked.get(key)!.from,
        toLanguage: this.target,
        text,
      }),
    );
    for (const slice of perStatement(entries, 100))
      await em.upsertMany(TranslationCacheEntry, slice, { onConflictFields: ['key'], onConflictAction: 'ignore' });
  }

  private keyOf(r: TranslationRequest): string {
    return createHash('sha256').update(`${this.inner.provider}\u0000${r.from}\u0000${this.target}\u0000${r.text}`).digest('hex');
  }

  private freshPass() {
    const report: TranslationPassReport = {
      provider: this.inner.provider,
      budget: this.options.maxCharsPerPass ?? Number.POSITIVE_INFINITY,
      asked: 0,
      cached: 0,
      translated: 0,
      charsSent: 0,
      untranslated: { budget: 0, failed: 0, unsupported: 0, declined: 0 },
      unsupportedPairs: [],
      failure: null,
    };
    return { report, unsupported: new Set<string>(), spent: false, reserved: 0 };
  }
}
