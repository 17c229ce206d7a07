import { foldKeepingVowelMarks } from '../language/fold.js';

/**
 * Finding lexicon terms in running text, in any script, in one pass.
 *
 * Text and terms go through the same normalisation (`normalizeForMatch`): folded (lower case, no accents,
 * the vowel signs of Indic and Thai scripts and kana voicing kept: `foldKeepingVowelMarks` of
 * language/fold.ts), a few letters that vary between writers made one (dotless ı, final sigma, the
 * Arabic and Persian forms of yeh and kaf), every run of non-letters a single space, a space between
 * letters and digits ("40MW" = "40 mw") and around scripts written without spaces (Han, kana, Hangul,
 * Thai), so that word boundaries are plain spaces everywhere.
 *
 * A term is a sequence of words. A word may end in `*` (a stem: any continuation of that word matches,
 * e.g. `Rechenzentr*`, `centr* danych`); a term may start with `*` (it may also end a longer word, for
 * compounds: `*ausfall*` finds "Stromausfall"). Terms that start in a script written without spaces
 * match anywhere (`データセンター` inside `大型データセンター建設`), the others only at the start of a word.
 * At each position the longest term wins and the scan goes on after it; all terms sit in one trie per
 * language set, so a text is read once whatever the number of terms.
 */

// Han, kana (with the voicing, prolonged-sound and iteration marks, which Unicode files as Inherited or
// Common), Hangul, Thai.
const NO_SPACE = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\p{Script=Thai}\\u3099\\u309a\\u30fc\\u3005';
const NO_SPACE_RUN = new RegExp(`[${NO_SPACE}]`, 'u');
const HAS_NO_SPACE = /[\u0e00-\u0e7f\u1100-\u11ff\u3040-\u30ff\u3130-\u318f\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/;
const ISOLATE_NO_SPACE = new RegExp(`(?<=[${NO_SPACE}])(?=[^${NO_SPACE} ])|(?<=[^${NO_SPACE} ])(?=[${NO_SPACE}])`, 'gu');
const DIGIT_LETTER = /(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/gu;
const NON_WORD = /[^\p{L}\p{M}\p{N}]+/gu;
const VARIANTS: Record<string, string> = { ı: 'i', ς: 'σ', ي: 'ی', ى: 'ی', ك: 'ک', ـ: '', '\u200d': '' };
const VARIANT = /[ıςيىكـ\u200d]/g;

const ASCII = /^[\x00-\x7f]*$/;

export function normalizeForMatch(text: string): string {
  // Most text is plain ASCII: the same steps with cheaper expressions.
  if (ASCII.test(text))
    return ` ${text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, ' ')
      .replace(/([0-9])(?=[a-z])|([a-z])(?=[0-9])/g, '$1$2 ')
      .trim()} `;
  let s = foldKeepingVowelMarks(text).replace(VARIANT, (c) => VARIANTS[c]!);
  s = s.replace(NON_WORD, ' ').replace(DIGIT_LETTER, ' ');
  if (HAS_NO_SPACE.test(s)) s = s.replace(ISOLATE_NO_SPACE, ' ');
  return ` ${s.trim()} `;
}

export interface TermRef {
  concept: string;
  term: string;
  language: string;
}

interface Node {
  /** The only child's character, or -1: most nodes of a trie have one child, and a Map costs ten times more. */
  key: number;
  child: Node | undefined;
  /** The children once there are two or more. */
  next: Map<number, Node> | undefined;
  /** Terms ending here that need a word boundary after them. */
  ends: TermRef[] | undefined;
  /** Terms ending here whatever follows (a stem, or a term in a script without spaces). */
  open: TermRef[] | undefined;
  /** A stem inside a multi-word term: the rest of the word is skipped, then the trie goes on from here. */
  afterStem: Node | undefined;
  /** After a proclitic (Arabic "ال", Hebrew "ה"): the terms of its language go on from these roots. */
  jumps: Node[] | undefined;
}

const SPACE = 32;
const newNode = (): Node => ({
  key: -1,
  child: undefined,
  next: undefined,
  ends: undefined,
  open: undefined,
  afterStem: undefined,
  jumps: undefined,
});

function childOf(node: Node, code: number): Node | undefined {
  return node.key === code ? node.child : node.next?.get(code);
}

function addChild(node: Node, code: number): Node {
  const existing = childOf(node, code);
  if (existing) return existing;
  const child = newNode();
  if (node.key === -1 && !node.next) ((node.key = code), (node.child = child));
  else (node.next ??= new Map()).set(code, child);
  return child;
}

/** A term's words after normalisation: each a list of tokens, the last of which may be a stem. */
function parseTerm(raw: string): { anyStart: boolean; words: Array<{ text: string; stem: boolean }> } | null {
  const trimmed = raw.trim();
  const anyStart = trimmed.startsWith('*');
  const words: Array<{ text: string; stem: boolean }> = [];
  for (const word of trimmed.replace(/^\*/, '').split(/\s+/)) {
    const stem = word.endsWith('*');
    const text = normalizeForMatch(word.replace(/\*+$/, '')).trim();
    if (!text) continue;
    words.push({ text, stem });
  }
  return words.length ? { anyStart, words } : null;
}

export class Matcher {
  private readonly wordStart = newNode();
  private readonly anyStart = newNode();
  private hasAnyStart = false;
  /** Per set of proclitics: the root of the terms that may follow them. */
  private readonly afterProclitics = new Map<string, Node>();

  /** `prefixes`: proclitics written joined to the next word (Arabic "ال", Hebrew "ה"), tried before every term. */
  add(raw: string, ref: TermRef, prefixes: readonly string[] = []): void {
    const parsed = parseTerm(raw);
    if (!parsed) return;
    const startsUnspaced = NO_SPACE_RUN.test(parsed.words[0]!.text[0]!);
    if (parsed.anyStart || startsUnspaced) {
      this.hasAnyStart = true;
      this.insert(this.anyStart, parsed.words, ref);
      return;
    }
    this.insert(this.wordStart, parsed.words, ref);
    if (prefixes.length) this.insert(this.rootAfter(prefixes), parsed.words, ref);
  }

  /** The root reached after any of these proclitics: one per language, shared by all of its terms. */
  private rootAfter(prefixes: readonly string[]): Node {
    const key = prefixes.join('\u0000');
    let root = this.afterProclitics.get(key);
    if (!root) {
      this.afterProclitics.set(key, (root = newNode()));
      for (const p of prefixes) {
        const prefix = normalizeForMatch(p).trim();
        let node = this.wordStart;
        for (let i = 0; i < prefix.length; i++) node = addChild(node, prefix.charCodeAt(i));
        if (prefix) (node.jumps ??= []).push(root);
      }
    }
    return root;
  }

  private insert(root: Node, words: Array<{ text: string; stem: boolean }>, ref: TermRef): void {
    let node = root;
    words.forEach((word, w) => {
      const chars = w === 0 ? word.text : ` ${word.text}`;
      for (let i = 0; i < chars.length; i++) node = addChild(node, chars.charCodeAt(i));
      const last = w === words.length - 1;
      if (last) {
        const open = word.stem || NO_SPACE_RUN.test(word.text[word.text.length - 1]!);
        if (open) (node.open ??= []).push(ref);
        else (node.ends ??= []).push(ref);
      } else if (word.stem) {
        node = node.afterStem ??= newNode();
      }
    });
  }

  /** Every term found in normalised text, longest first at each position, in text order. */
  scan(text: string, found: (ref: TermRef, at: number) => void): void {
    let bestEnd = -1;
    let bestRefs: TermRef[] = [];
    const consider = (end: number, refs: TermRef[]) => {
      if (end > bestEnd) ((bestEnd = end), (bestRefs = refs));
      else if (end === bestEnd) bestRefs = bestRefs.concat(refs);
    };
    const walk = (node: Node, j: number): void => {
      if (node.open) consider(j, node.open);
      if (node.ends && text.charCodeAt(j) === SPACE) consider(j, node.ends);
      if (node.afterStem) {
        const k = text.indexOf(' ', j);
        if (k >= 0) walk(node.afterStem, k);
      }
      if (node.jumps) for (const root of node.jumps) walk(root, j);
      const child = childOf(node, text.charCodeAt(j));
      if (child) walk(child, j + 1);
    };
    for (let i = 1; i < text.length - 1;) {
      const code = text.charCodeAt(i);
      if (code === SPACE) {
        i++;
        continue;
      }
      bestEnd = -1;
      bestRefs = [];
      if (text.charCodeAt(i - 1) === SPACE) {
        const child = childOf(this.wordStart, code);
        if (child) walk(child, i + 1);
      }
      if (this.hasAnyStart) {
        const child = childOf(this.anyStart, code);
        if (child) walk(child, i + 1);
      }
      if (bestEnd > i) {
        for (const ref of bestRefs) found(ref, i);
        i = bestEnd;
      } else if (this.hasAnyStart) i++;
      else {
        // Only word starts can begin a term: jump to the next word.
        const space = text.indexOf(' ', i);
        i = space < 0 ? text.length : space + 1;
      }
    }
  }
}
