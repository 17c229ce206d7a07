import { afterEach, describe, expect, it } from 'vitest';
import { fakeApi, type FakeReply } from '@/test/fake-api';
import { ApiError } from './api-error';
import { PENDING_WRITES_MAX, pendingWrites, sendOrKeep, sendPendingWrites, sendThenForgetPendingWrites } from './pending-writes';

const offline: FakeReply = () => Promise.reject(new TypeError('Failed to fetch'));
const rating = (digestId: string, value: number, userId = 'u-1') => ({
  key: `digest-rating:${digestId}`,
  userId,
  method: 'POST' as const,
  path: '/api/feedback',
  body: { digestId, rating: value },
});

afterEach(() => localStorage.clear());

describe('ratings made offline are kept on the device and sent later (docs/decisions/611)', () => {
  it('sends at once when the server answers, and keeps nothing', async () => {
    fakeApi({ 'POST /api/feedback': { status: 201, body: { rating: 4 } } });
    await expect(sendOrKeep(rating('d-1', 4))).resolves.toEqual({ queued: false, answer: { rating: 4 } });
    expect(pendingWrites()).toEqual([]);
  });

  it('keeps the latest value per target when there is no answer; a refusal is an error and is not kept', async () => {
    fakeApi({ 'POST /api/feedback': offline });
    await expect(sendOrKeep(rating('d-1', 2))).resolves.toEqual({ queued: true });
    await expect(sendOrKeep(rating('d-1', 5))).resolves.toEqual({ queued: true });
    await expect(sendOrKeep(rating('d-2', 3))).resolves.toEqual({ queued: true });
    expect(pendingWrites().map((w) => w.body)).toEqual([
      { digestId: 'd-1', rating: 5 },
      { digestId: 'd-2', rating: 3 },
    ]);
    fakeApi({ 'POST /api/feedback': { status: 400, body: { message: 'Invalid rating' } } });
    await expect(sendOrKeep(rating('d-3', 9))).rejects.toBeInstanceOf(ApiError);
    expect(pendingWrites()).toHaveLength(2);
  });

  it('a value that reaches the server replaces the one kept for the same target', async () => {
    fakeApi({ 'POST /api/feedback': offline });
    await sendOrKeep(rating('d-1', 2));
    fakeApi({ 'POST /api/feedback': { status: 200, body: { rating: 5 } } });
    await sendOrKeep(rating('d-1', 5));
    expect(pendingWrites()).toEqual([]);
  });

  it('sends oldest first once back; keeps everything while offline or signed out', async () => {
    fakeApi({ 'POST /api/feedback': offline });
    await sendOrKeep(rating('d-1', 4));
    await sendOrKeep(rating('d-3', 3));
    await sendOrKeep(rating('d-2', 5));
    expect(await sendPendingWrites('u-1')).toEqual({ sent: 0, refused: 0, left: 3 });

    fakeApi({ 'POST /api/feedback': { status: 401, body: { message: 'Unauthorized' } } });
    expect(await sendPendingWrites('u-1')).toEqual({ sent: 0, refused: 0, left: 3 });

    const sent = fakeApi({
      'POST /api/feedback': async () => new Response('{}', { status: 201 }),
    });
    expect(await sendPendingWrites('u-1')).toEqual({ sent: 3, refused: 0, left: 0 });
    expect(sent.calls.map((c) => (c.body as { digestId: string }).digestId)).toEqual(['d-1', 'd-3', 'd-2']);
  });

  it('tries again after a run that was still failing when the network came back', async () => {
    fakeApi({ 'POST /api/feedback': offline });
    await sendOrKeep(rating('d-1', 4));
    // A try made offline, not yet failed, when the browser says the network is back.
    let fail!: () => void;
    fakeApi({ 'POST /api/feedback': () => new Promise<Response>((_, reject) => (fail = () => reject(new TypeError('Failed to fetch')))) });
    const first = sendPendingWrites('u-1');
    await Promise.resolve();
    const sent = fakeApi({ 'POST /api/feedback': async () => new Response('{}', { status: 201 }) });
    const again = sendPendingWrites('u-1');
    fail();
    expect(await first).toEqual({ sent: 0, refused: 0, left: 1 });
    expect(await again).toEqual({ sent: 1, refused: 0, left: 0 });
    expect(sent.calls).toHaveLength(1);
    expect(pendingWrites()).toEqual([]);
  });

  it('drops a write the server refuses, and forgets another user’s writes', async () => {
    fakeApi({ 'POST /api/feedback': offline });
    await sendOrKeep(rating('gone', 3));
    await sendOrKeep(rating('d-9', 2, 'u-2'));
    const api = fakeApi({ 'POST /api/feedback': { status: 404, body: { message: 'Digest not found' } } });
    expect(await sendPendingWrites('u-1')).toEqual({ sent: 0, refused: 1, left: 0 });
    expect(api.calls).toHaveLength(1);
  });

  it('is bounded, survives a corrupt store, and is forgotten at sign-out after a last try', async () => {
    fakeApi({ 'POST /api/feedback': offline });
    for (let i = 0; i < PENDING_WRITES_MAX + 5; i++) await sendOrKeep(rating(`d-${i}`, 3));
    expect(pendingWrites()).toHaveLength(PENDING_WRITES_MAX);
    expect(pendingWrites()[0]!.key).toBe('digest-rating:d-5');
    await sendThenForgetPendingWrites();
    expect(pendingWrites()).toEqual([]);
    localStorage.setItem('dcbrief.pendingWrites', '{not json');
    expect(pendingWrites()).toEqual([]);
    localStorage.setItem(
      'dcbrief.pendingWrites',
      JSON.stringify([{ key: 'x', userId: 'u-1', method: 'DELETE', path: '/api/account', at: '' }]),
    );
    expect(pendingWrites()).toEqual([]);
  });
});

describe('in the desktop app', () => {
  it("keeps a rating when the app's proxy says the server cannot be reached", async () => {
    fakeApi({ 'POST /api/feedback': { status: 503, body: { message: 'The DC Brief server cannot be reached.', offline: true } } });
    await expect(sendOrKeep(rating('d-1', 4))).resolves.toEqual({ queued: true });
    // A 503 from the server itself is an answer, not "offline": an error as before.
    fakeApi({ 'POST /api/feedback': { status: 503, body: { message: 'Service unavailable' } } });
    await expect(sendOrKeep(rating('d-2', 4))).rejects.toBeInstanceOf(ApiError);
    expect(pendingWrites()).toHaveLength(1);
  });
});
