import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Int32Pool, KeyPostings } from './postings.js';

const valuesOf = (postings: KeyPostings, key: number) => {
  const out: number[] = [];
  postings.forEach(key, (v) => out.push(v));
  return out;
};

describe('KeyPostings', () => {
  it('keeps each key its values in the order they were added, through growth and rehashing', () => {
    const postings = new KeyPostings(16);
    const expected = new Map<number, number[]>();
    // Many keys, a few of them shared by many values, added interleaved so that chains mix keys.
    for (let v = 0; v < 5000; v++) {
      for (const key of [v * 7919, (v % 13) * 1_000_003, 0x3fffffff - (v % 5)]) {
        postings.add(key, v);
        const list = expected.get(key) ?? expected.set(key, []).get(key)!;
        if (list.at(-1) !== v) list.push(v);
      }
    }
    for (const [key, values] of expected) assert.deepEqual(valuesOf(postings, key), values);
    assert.deepEqual(valuesOf(postings, 12345), []);
  });

  it('adds a value once when it is the key’s last, and once anywhere when added again', () => {
    const postings = new KeyPostings();
    postings.add(5, 1);
    postings.add(5, 1);
    postings.add(5, 2);
    postings.add(5, 1);
    assert.deepEqual(valuesOf(postings, 5), [1, 2, 1]);
    postings.add(5, 2, true);
    postings.add(5, 3, true);
    assert.deepEqual(valuesOf(postings, 5), [1, 2, 1, 3]);
  });

  it('reserves room at once and keeps what it holds', () => {
    const postings = new KeyPostings(16);
    for (let v = 0; v < 40; v++) postings.add(v % 3, v);
    postings.reserve(100_000);
    for (let v = 40; v < 80; v++) postings.add(v % 3, v);
    for (const key of [0, 1, 2])
      assert.deepEqual(
        valuesOf(postings, key),
        Array.from({ length: 80 }, (_, v) => v).filter((v) => v % 3 === key),
      );
  });
});

describe('Int32Pool', () => {
  it('hands out zeroed arrays that do not overlap, larger than a chunk too', () => {
    const pool = new Int32Pool(8);
    const arrays = [pool.alloc(3), pool.alloc(5), pool.alloc(4), pool.alloc(20), pool.alloc(1)];
    arrays.forEach((a, i) => {
      assert.ok(a.every((x) => x === 0));
      a.fill(i + 1);
    });
    arrays.forEach((a, i) => assert.ok(a.every((x) => x === i + 1)));
    assert.deepEqual(
      arrays.map((a) => a.length),
      [3, 5, 4, 20, 1],
    );
  });
});
