import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { ComposeProgress } from './compose-progress.js';
import { SendWindow, type WindowSteps } from './send-window.js';

type Row = { id: string };

/**
 * An outbox in memory with the window's steps over it, counting what a crash would leave uncertain at every
 * moment: rows claimed whose outcome is not written.
 */
function outbox(ids: string[], sendMs: () => number) {
  const pending = new Set(ids);
  const claimed = new Set<string>();
  const recorded: string[] = [];
  let mostInFlight = 0;
  const steps: WindowSteps<Row, string> = {
    async readAhead(exclude, limit) {
      await sleep(1);
      return [...pending]
        .filter((id) => !exclude.includes(id))
        .slice(0, limit)
        .map((id) => ({ id }));
    },
    async turnover(outcomes, candidates) {
      await sleep(1);
      for (const id of outcomes) {
        claimed.delete(id);
        recorded.push(id);
      }
      const taken = candidates.filter((r) => pending.delete(r.id));
      for (const r of taken) claimed.add(r.id);
      mostInFlight = Math.max(mostInFlight, claimed.size);
      return taken;
    },
    async send(row) {
      await sleep(sendMs());
      return row.id;
    },
  };
  return { steps, pending, claimed, recorded, mostInFlight: () => mostInFlight };
}

const ids = (n: number, prefix = 'r') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

describe('the sending window', () => {
  test('every row is sent once, and never more than the window are claimed and unrecorded', async () => {
    const box = outbox(ids(200), () => Math.random() * 5);
    await new SendWindow(box.steps, { size: 4 }).run();
    assert.equal(box.recorded.length, 200);
    assert.equal(new Set(box.recorded).size, 200);
    assert.equal(box.claimed.size, 0);
    assert.ok(box.mostInFlight() <= 4, `at most 4 in flight (${box.mostInFlight()})`);
    assert.equal(box.mostInFlight(), 4, 'and the window is used');
  });

  test('rows another process claimed first are skipped, not sent', async () => {
    const box = outbox(ids(40), () => 1);
    const stolen = new Set(ids(40).filter((_, i) => i % 3 === 0));
    const readAhead = box.steps.readAhead;
    box.steps.readAhead = async (exclude, limit) => {
      const rows = await readAhead(exclude, limit);
      for (const id of stolen) box.pending.delete(id);
      return rows;
    };
    await new SendWindow(box.steps, { size: 4 }).run();
    assert.deepEqual(
      box.recorded.sort(),
      ids(40)
        .filter((id) => !stolen.has(id))
        .sort(),
    );
  });

  test('stopping claims nothing more and records what is under way', async () => {
    const box = outbox(ids(100), () => 3);
    let stop = false;
    const run = new SendWindow(box.steps, { size: 4, shouldStop: () => stop }).run();
    while (box.recorded.length < 10) await sleep(1);
    stop = true;
    await run;
    assert.equal(box.claimed.size, 0, 'nothing left claimed and unrecorded');
    assert.ok(box.pending.size > 0, 'the rest stays pending');
    assert.equal(box.recorded.length + box.pending.size, 100);
  });

  test('rows composed while sending are sent; the window ends when composing has', async () => {
    const box = outbox([], () => 1);
    const composing = new ComposeProgress();
    const run = new SendWindow(box.steps, { size: 4, composing }).run();
    for (const batch of [0, 1, 2]) {
      await sleep(10);
      for (const id of ids(5, `b${batch}-`)) box.pending.add(id);
      composing.batch();
    }
    composing.finish();
    await run;
    assert.equal(box.recorded.length, 15);
  });

  test('a write that fails ends the window with its error once the sends under way have ended', async () => {
    const box = outbox(ids(20), () => 2);
    const turnover = box.steps.turnover;
    let turnovers = 0;
    box.steps.turnover = async (outcomes, candidates) => {
      if (++turnovers === 3) throw new Error('disk full');
      return turnover(outcomes, candidates);
    };
    await assert.rejects(new SendWindow(box.steps, { size: 4 }).run(), /disk full/);
    assert.ok(box.claimed.size <= 4, 'what stays claimed is at most the window');
  });
});
