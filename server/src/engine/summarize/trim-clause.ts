/**
 * A trailing evaluative clause cut from a fact: "Microsoft will invest $10 billion in Portugal, marking one of its
 * largest investments in Europe" shows as "Microsoft will invest $10 billion in Portugal." Where such a clause may
 * begin is data per language (clause-connectors.json); whether it is evaluation is for the cue lists and the
 * sentence model (facts.ts). docs/decisions/223, amendment.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { cueLanguage } from './opinion-cues.js';

const fileSchema = z.strictObject({
  notes: z.string().optional(),
  languages: z.record(
    z.string().regex(/^[a-z]{2,3}$/),
    z.strictObject({ connectors: z.array(z.string().min(2)).min(1), verbs: z.array(z.string().min(1)).optional() }),
  ),
});

export const CLAUSE_CONNECTORS_FILE = new URL('./clause-connectors.json', import.meta.url);

interface Compiled {
  connectors: RegExp;
  verbs: { exact: Set<string>; prefixes: string[]; suffixes: string[] } | null;
}

let compiled: Map<string, Compiled> | null = null;

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function compile(): Map<string, Compiled> {
  const file = fileSchema.parse(JSON.parse(readFileSync(CLAUSE_CONNECTORS_FILE, 'utf8')));
  const out = new Map<string, Compiled>();
  for (const [language, { connectors, verbs }] of Object.entries(file.languages)) {
    // Longest first, so ", making it" is the cut rather than ", making"; one ending in a letter ends at a word's end.
    const parts = [...connectors]
      .sort((a, b) => b.length - a.length)
      .map((c) => escape(c.normalize('NFC')) + (/\p{L}$/u.test(c) ? '(?![\\p{L}\\p{M}\\p{N}])' : ''));
    out.set(language, {
      connectors: new RegExp(parts.join('|'), 'giu'),
      verbs: verbs
        ? {
            exact: new Set(verbs.filter((v) => !v.includes('*'))),
            prefixes: verbs.filter((v) => v.endsWith('*')).map((v) => v.slice(0, -1)),
            suffixes: verbs.filter((v) => v.startsWith('*')).map((v) => v.slice(1)),
          }
        : null,
    });
  }
  return out;
}

function compiledFor(language: string): Compiled | null {
  compiled ??= compile();
  return compiled.get(cueLanguage(language)) ?? null;
}

const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Thai}]/u;
const WORD = /[\p{L}\p{M}\p{N}]+/gu;
/** The fewest words a part kept has (characters over two in a script without spaces): the fact filter's floor. */
export const MIN_KEPT_WORDS = 6;

export interface ClauseCut {
  /** The leading part, ending with a full stop of its script. */
  kept: string;
  /** The clause cut off, from its connector. */
  clause: string;
}

function hasVerb(text: string, verbs: NonNullable<Compiled['verbs']>): boolean {
  for (const word of text.toLowerCase().match(WORD) ?? []) {
    if (verbs.exact.has(word)) return true;
    if (verbs.prefixes.some((p) => word.startsWith(p) && word.length > p.length)) return true;
    if (verbs.suffixes.some((s) => word.endsWith(s) && word.length > s.length + 1)) return true;
  }
  return false;
}

/**
 * Where a sentence may be cut before a trailing clause, earliest first: the part kept has at least six words and,
 * where the language lists them, a finite verb. Whether the clause is evaluation is not decided here.
 */
export function clauseCuts(sentence: string, language: string): ClauseCut[] {
  const c = compiledFor(language);
  if (!c) return [];
  const text = sentence.trim().normalize('NFC');
  const out: ClauseCut[] = [];
  c.connectors.lastIndex = 0;
  for (const m of text.matchAll(c.connectors)) {
    const head = text
      .slice(0, m.index)
      .replace(/[\s,;:،，、；：–—-]+$/u, '')
      .trimEnd();
    const unspaced = UNSPACED.test(head);
    const words = unspaced ? [...head.replace(/\s+/g, '')].length / 2 : (head.match(WORD) ?? []).length;
    if (words < MIN_KEPT_WORDS) continue;
    if (c.verbs && !hasVerb(head, c.verbs)) continue;
    // An open bracket or quotation would be left unclosed.
    if ((head.match(/[(（]/g) ?? []).length > (head.match(/[)）]/g) ?? []).length) continue;
    if ((head.match(/["“”„«»]/g) ?? []).length % 2 === 1) continue;
    out.push({ kept: head + (unspaced ? '。' : '.'), clause: text.slice(m.index) });
  }
  return out;
}
