import { lowerCompatible } from '../language/fold.js';

/**
 * MinHash over word 3-shingles (character 3-grams for scripts written without spaces), 64 permutations,
 * with LSH banding (16 bands of 4 rows) for candidate lookup. Hand-written: it is 60 lines, and the npm
 * packages for it are unmaintained or pull in a numeric library (see docs/decisions/203).
 */
export const PERMUTATIONS = 64;
export const BANDS = 16;
export const ROWS = PERMUTATIONS / BANDS;

const SEEDS = Array.from({ length: PERMUTATIONS }, (_, i) => mix(0x9e3779b9 ^ Math.imul(i + 1, 0x85ebca6b)));

export function shingles(text: string): Set<string> {
  const normalized = lowerCompatible(text);
  const out = new Set<string>();
  const words = normalized.match(/[\p{L}\p{N}]+/gu) ?? [];
  const unspaced = words.filter((w) => /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u.test(w));
  for (const w of unspaced) for (let i = 0; i + 3 <= w.length; i++) out.add(w.slice(i, i + 3));
  const spaced = words.filter((w) => !unspaced.includes(w));
  for (let i = 0; i + 3 <= spaced.length; i++) out.add(`${spaced[i]} ${spaced[i + 1]} ${spaced[i + 2]}`);
  if (spaced.length > 0 && spaced.length < 3) out.add(spaced.join(' '));
  return out;
}

export function signature(text: string): number[] {
  const sig = new Array<number>(PERMUTATIONS).fill(0xffffffff);
  for (const sh of shingles(text)) {
    const h = fnv1a(sh);
    for (let i = 0; i < PERMUTATIONS; i++) {
      const v = mix(h ^ SEEDS[i]!);
      if (v < sig[i]!) sig[i] = v;
    }
  }
  return sig;
}

/** Estimated Jaccard similarity of the two shingle sets. */
export function similarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== PERMUTATIONS || b.length !== PERMUTATIONS) return 0;
  let same = 0;
  for (let i = 0; i < PERMUTATIONS; i++) if (a[i] === b[i] && a[i] !== 0xffffffff) same++;
  return same / PERMUTATIONS;
}

/** Whether the signature has bands at all (a text with no shingle has none). */
export function banded(sig: readonly number[]): boolean {
  return sig.length === PERMUTATIONS && sig[0] !== 0xffffffff;
}

/**
 * Band `b` of a signature as a small integer (a V8 small integer: no string or heap number per key, which an index
 * over a pass's articles keeps 16 of an article; docs/decisions/531): a hash of the band's number and rows. Two
 * bands with one key may still differ: the index compares their rows.
 */
export function bandKey(sig: readonly number[], b: number): number {
  let h = mix(0x27d4eb2f ^ b);
  for (let i = b * ROWS; i < (b + 1) * ROWS; i++) h = mix(h ^ sig[i]!);
  return h & 0x3fffffff;
}

function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** murmur3's finaliser: spreads the bits so each seed acts as an independent permutation. */
function mix(x: number): number {
  let h = x >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}
