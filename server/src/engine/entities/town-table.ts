/**
 * The shipped towns (some 30,000) packed for a process that keeps them all its life: each field of every town in one
 * string, and each lookup a sorted array of 32-bit hashes beside the town's number. As objects and maps they took
 * 6.2 MB of heap, packed about 1.3 MB: the ingest pass's peak is in the entities stage, with them loaded
 * (docs/decisions/225).
 */

/** A town of seed-towns.json: a place of level city, `common` (only a capitalised word of its own names it). */
export interface Town {
  id: string;
  name: string;
  country: string;
  aliases?: string[];
}

/** Strings packed end to end: the i-th is text.slice(offsets[i], offsets[i + 1]). */
export class Packed {
  private readonly text: string;
  private readonly offsets: Uint32Array;

  constructor(strings: readonly string[]) {
    this.text = strings.join('');
    this.offsets = new Uint32Array(strings.length + 1);
    let at = 0;
    strings.forEach((s, i) => (this.offsets[i + 1] = at += s.length));
  }

  at(i: number): string {
    return this.text.slice(this.offsets[i], this.offsets[i + 1]);
  }

  /** Whether the i-th string is `s`, read in place. */
  is(i: number, s: string): boolean {
    const start = this.offsets[i]!;
    if (this.offsets[i + 1]! - start !== s.length) return false;
    for (let k = 0; k < s.length; k++) if (this.text.charCodeAt(start + k) !== s.charCodeAt(k)) return false;
    return true;
  }
}

/** FNV-1a over UTF-16 code units. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
  return h | 0;
}

/** String -> number, the strings packed and ordered by hash (equal hashes side by side, told apart by the string). */
export class PackedIndex {
  private readonly hashes: Int32Array;
  private readonly values: Uint32Array;
  private readonly keys: Packed;
  /** Whether `keys` is indexed by value rather than by position. */
  private readonly byValue: boolean;

  /**
   * The first value given for a key is kept. `keyOf`: where the keys are already packed (a value's key), so they are
   * not packed twice.
   */
  constructor(entries: Iterable<readonly [string, number]>, keyOf?: Packed) {
    const seen = new Set<string>();
    const list: { key: string; hash: number; value: number }[] = [];
    for (const [key, value] of entries) {
      if (seen.has(key)) continue;
      seen.add(key);
      list.push({ key, hash: hash(key), value });
    }
    list.sort((a, b) => a.hash - b.hash);
    this.hashes = Int32Array.from(list, (e) => e.hash);
    this.values = Uint32Array.from(list, (e) => e.value);
    this.keys = keyOf ?? new Packed(list.map((e) => e.key));
    this.byValue = keyOf !== undefined;
  }

  get size(): number {
    return this.hashes.length;
  }

  get(key: string): number | undefined {
    const h = hash(key);
    let lo = 0;
    let hi = this.hashes.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.hashes[mid]! < h) lo = mid + 1;
      else hi = mid;
    }
    for (let i = lo; i < this.hashes.length && this.hashes[i] === h; i++)
      if (this.keys.is(this.byValue ? this.values[i]! : i, key)) return this.values[i];
    return undefined;
  }
}

export class TownTable implements Iterable<Town> {
  private readonly ids: Packed;
  private readonly names: Packed;
  private readonly countries: string[];
  private readonly countryOf: Uint16Array;
  /** The few towns with other names (about one in 250). */
  private readonly aliases = new Map<number, string[]>();
  private readonly byId: PackedIndex;
  readonly size: number;

  constructor(towns: readonly Town[]) {
    this.size = towns.length;
    this.ids = new Packed(towns.map((t) => t.id));
    this.names = new Packed(towns.map((t) => t.name));
    this.countries = [...new Set(towns.map((t) => t.country))];
    const country = new Map(this.countries.map((c, i) => [c, i]));
    this.countryOf = Uint16Array.from(towns, (t) => country.get(t.country)!);
    towns.forEach((t, i) => t.aliases?.length && this.aliases.set(i, [...t.aliases]));
    this.byId = new PackedIndex(
      towns.map((t, i) => [t.id, i] as const),
      this.ids,
    );
  }

  /** The town's number, by its id. */
  indexOf(id: string): number | undefined {
    return this.byId.get(id);
  }

  at(i: number): Town {
    const aliases = this.aliases.get(i);
    const town: Town = { id: this.ids.at(i), name: this.names.at(i), country: this.countries[this.countryOf[i]!]! };
    if (aliases) town.aliases = [...aliases];
    return town;
  }

  get(id: string): Town | undefined {
    const i = this.byId.get(id);
    return i === undefined ? undefined : this.at(i);
  }

  idAt(i: number): string {
    return this.ids.at(i);
  }

  countryAt(i: number): string {
    return this.countries[this.countryOf[i]!]!;
  }

  *[Symbol.iterator](): Iterator<Town> {
    for (let i = 0; i < this.size; i++) yield this.at(i);
  }
}
