import assert from 'node:assert/strict';
import { test } from 'node:test';
import { setImmediate as tick } from 'node:timers/promises';
import { Batches } from './batches.js';

/** A write the test finishes by hand, recording each batch it was given. */
function gatedWrites() {
  const written: number[][] = [];
  const pending: Array<() => void> = [];
  const write = (batch: number[]) =>
    new Promise<void>((resolve) => {
      written.push(batch);
      pending.push(resolve);
    });
  const release = async () => {
    pending.shift()?.();
    await tick();
  };
  return { written, pending, write, release };
}

test('items go out in batches of the given weight, in order, one write at a time, the rest at the end', async () => {
  const w = gatedWrites();
  const batches = new Batches<number>(3, () => 1, w.write);
  for (const n of [1, 2]) batches.add(n);
  assert.deepEqual(w.written, [], 'nothing written before a batch is full');
  batches.add(3);
  assert.deepEqual(w.written, [[1, 2, 3]]);
  for (const n of [4, 5, 6, 7]) batches.add(n);
  assert.equal(w.written.length, 1, 'the next batch waits for the write in progress');
  await w.release();
  assert.deepEqual(w.written[1], [4, 5, 6, 7], 'what gathered meanwhile is the next batch');
  batches.add(8);
  const finished = batches.finish();
  await w.release();
  await w.release();
  await finished;
  assert.deepEqual(w.written, [[1, 2, 3], [4, 5, 6, 7], [8]]);
});

test('room() holds producers back while a full batch waits behind the one being written', async () => {
  const w = gatedWrites();
  const batches = new Batches<number>(2, () => 1, w.write);
  assert.equal(await batches.room(), true);
  batches.add(1);
  batches.add(2); // written
  batches.add(3);
  batches.add(4); // full, waiting
  let admitted = false;
  const waiting = batches.room().then((ok) => (admitted = ok));
  await tick();
  assert.equal(admitted, false, 'no room while a full batch waits');
  await w.release(); // [1, 2] done, [3, 4] starts
  await waiting;
  assert.equal(admitted, true);
  await w.release();
  await batches.finish();
  assert.deepEqual(w.written, [
    [1, 2],
    [3, 4],
  ]);
});

test('weights: one heavy item fills a batch; items that weigh nothing are written with the rest at the end', async () => {
  const written: string[][] = [];
  const batches = new Batches<string>(
    10,
    (s) => s.length,
    async (batch) => void written.push(batch),
  );
  batches.add('');
  batches.add('x'.repeat(12));
  await tick();
  batches.add('');
  await batches.finish();
  assert.deepEqual(written, [['', 'x'.repeat(12)], ['']]);
});

test('after a write fails nothing more is written, room() says no, and finish() throws that failure', async () => {
  const written: number[][] = [];
  const batches = new Batches<number>(
    1,
    () => 1,
    async (batch) => {
      written.push(batch);
      if (batch[0] === 1) throw new Error('disk full');
    },
  );
  batches.add(1);
  batches.add(2);
  await tick();
  assert.equal(await batches.room(), false);
  batches.add(3);
  await assert.rejects(batches.finish(), /disk full/);
  assert.deepEqual(written, [[1]]);
});
