/**
 * Compact storage for the clustering index (docs/decisions/533): a pass places every article it stores against the
 * open stories' articles, so the index holds tens of thousands of articles at once, and what it keeps per
 * article is what the pass's peak memory grows with. These two structures keep integers in typed arrays instead
 * of a JavaScript Map entry, array or typed-array object per key or article.
 */

/**
 * Integer keys to lists of integers (article numbers), each list in the order it was added: a multimap for keys
 * that are mostly unique, such as an article's LSH bands (16 an article, nearly all found in no other article).
 * Entries are chained per hash bucket in three Int32Arrays (key, value, next): 12 bytes an entry and 2 a bucket
 * for each, against about 45 for a Map entry holding a number.
 */
export class KeyPostings {
  private heads: Int32Array;
  private keys: Int32Array;
  private values: Int32Array;
  private next: Int32Array;
  private size = 0;
  /** 32 minus the log2 of the buckets' count. */
  private shift: number;

  constructor(expected = 1024) {
    const capacity = Math.max(16, expected);
    this.heads = new Int32Array(bucketsFor(capacity)).fill(-1);
    this.shift = Math.clz32(this.heads.length) + 1;
    this.keys = new Int32Array(capacity);
    this.values = new Int32Array(capacity);
    this.next = new Int32Array(capacity);
  }

  /**
   * Adds `value` to `key`'s list, unless it is the last value added to it, or (`again`: the value was added
   * before, under any key) it is anywhere in that list.
   */
  add(key: number, value: number, again = false): void {
    let last = -1;
    for (let e = this.heads[this.bucket(key)]!; e !== -1; e = this.next[e]!) {
      if (this.keys[e] !== key) continue;
      if (again && this.values[e] === value) return;
      last = e;
    }
    if (last !== -1 && this.values[last] === value) return;
    if (this.size === this.keys.length) this.grow();
    const entry = this.size++;
    this.keys[entry] = key;
    this.values[entry] = value;
    this.next[entry] = -1;
    const bucket = this.bucket(key);
    let e = this.heads[bucket]!;
    if (e === -1) this.heads[bucket] = entry;
    else {
      while (this.next[e] !== -1) e = this.next[e]!;
      this.next[e] = entry;
    }
  }

  /** Room for `entries` more entries, made at once. */
  reserve(entries: number): void {
    if (this.size + entries > this.keys.length) this.resize(this.size + entries);
  }

  /** Each value of `key`, in the order they were added. */
  forEach(key: number, fn: (value: number) => void): void {
    for (let e = this.heads[this.bucket(key)]!; e !== -1; e = this.next[e]!) if (this.keys[e] === key) fn(this.values[e]!);
  }

  /** A multiplicative hash's top bits: dense ids and hashed keys alike spread over the buckets. */
  private bucket(key: number): number {
    return Math.imul(key, 0x9e3779b1) >>> this.shift;
  }

  /** Doubles the entries' room. */
  private grow(): void {
    this.resize(this.keys.length * 2);
  }

  /** Room for `capacity` entries and, as they outgrow them, more buckets; chains are rebuilt in the order entries were added. */
  private resize(capacity: number): void {
    this.keys = resized(this.keys, capacity);
    this.values = resized(this.values, capacity);
    this.next = resized(this.next, capacity);
    const buckets = bucketsFor(capacity);
    if (buckets === this.heads.length) return;
    this.heads = new Int32Array(buckets).fill(-1);
    this.shift = Math.clz32(buckets) + 1;
    const tails = new Int32Array(buckets).fill(-1);
    for (let e = 0; e < this.size; e++) {
      const bucket = this.bucket(this.keys[e]!);
      this.next[e] = -1;
      if (tails[bucket] === -1) this.heads[bucket] = e;
      else this.next[tails[bucket]!] = e;
      tails[bucket] = e;
    }
  }
}

/** Buckets for a number of entries: a power of two, at most two entries a bucket when full. */
function bucketsFor(entries: number): number {
  let buckets = 16;
  while (buckets * 2 < entries) buckets *= 2;
  return buckets;
}

function resized(array: Int32Array, capacity: number): Int32Array {
  const out = new Int32Array(capacity);
  out.set(array);
  return out;
}

/**
 * Room for many small Int32Arrays that live as long as the pool: each is a view of a shared 256 KB chunk, so an
 * article's packed keys cost their integers and one view, not an ArrayBuffer and an allocation of their own.
 */
export class Int32Pool {
  private chunk = new Int32Array(0);
  private used = 0;

  constructor(private readonly chunkLength = 65_536) {}

  /** A zeroed array of `length` integers. */
  alloc(length: number): Int32Array {
    if (this.used + length > this.chunk.length) {
      this.chunk = new Int32Array(Math.max(this.chunkLength, length));
      this.used = 0;
    }
    const view = this.chunk.subarray(this.used, this.used + length);
    this.used += length;
    return view;
  }
}
