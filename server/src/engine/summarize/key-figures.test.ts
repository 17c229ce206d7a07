import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { grouped } from './key-figures.js';

describe('key figures: whole numbers grouped as en-US writes them, without ICU (decision 532)', () => {
  it('equals toLocaleString("en-US") for small, large, negative and odd values', () => {
    const values = [0, -0, 0.4, -0.4, -0.5, 0.5, 1, 12, 999.5, 1234, -1234.5, 1e6, 2 ** 53, 2 ** 60, 1e21, 2 ** 70, -1e22, 1.5e300];
    values.push(Number.MAX_VALUE, -Number.MAX_VALUE, Number.MIN_VALUE, NaN, Infinity, -Infinity);
    for (let power = 0; power < 40; power++)
      for (const mantissa of [1, 1.234567, 9.87654321, 3.3333333333333335, 7])
        values.push(mantissa * 10 ** power, -mantissa * 10 ** power, (mantissa * 10 ** power) / 3);
    // A fixed sequence of pseudo-random values (a linear congruential generator), of every size.
    let seed = 532;
    for (let i = 0; i < 2000; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      values.push((seed / 2 ** 31 - 0.5) * 10 ** (i % 30));
    }
    for (const value of values) assert.equal(grouped(value), Math.round(value).toLocaleString('en-US'), String(value));
  });
});
