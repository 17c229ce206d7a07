import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WAITLIST_DRAFT_DEBOUNCE_MS } from '@/lib/ui-timings';
import { deferredReply, fakeApi, signedOut, type FakeReply } from '@/test/fake-api';
import { renderApp } from '@/test/render-app';

const ENTRY = { email: 'ana@dc-ops.example', firstName: 'Ana', lastName: 'Silva', phoneNumber: '+351 912 345 678' };

async function openDialog(routes: Record<string, FakeReply> = {}) {
  const api = fakeApi({ 'GET /api/auth/user': signedOut, ...routes });
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms), pointerEventsCheck: 0 });
  renderApp('/');
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
  const dialog = await screen.findByRole('dialog');
  return { api, user, dialog: within(dialog) };
}

async function fillAll(user: ReturnType<typeof userEvent.setup>, dialog: ReturnType<typeof within>) {
  await user.type(dialog.getByLabelText('Work email'), ENTRY.email);
  await user.type(dialog.getByLabelText('First name'), ENTRY.firstName);
  await user.type(dialog.getByLabelText('Last name'), ENTRY.lastName);
  await user.type(dialog.getByLabelText('Phone number'), ENTRY.phoneNumber);
}

describe('waitlist dialog', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('refuses an incomplete form with the required-fields toast and sends nothing', async () => {
    const { api, user, dialog } = await openDialog();
    await user.type(dialog.getByLabelText('Work email'), ENTRY.email);
    await user.click(dialog.getByRole('button', { name: 'Join Waitlist' }));
    expect(await screen.findByText('All fields required')).toBeInTheDocument();
    expect(screen.getByText('Please fill in all required fields')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/waitlist')).toHaveLength(0);
  });

  it('auto-saves the draft 1000 ms after the last edit, showing "Auto-saving..." while the save is in flight', async () => {
    const draft = deferredReply();
    const { api, user, dialog } = await openDialog({ 'PUT /api/waitlist/draft': draft.reply });
    // Timers are fake but also follow the real clock a little (shouldAdvanceTime): margins of 100 ms absorb that.
    await user.type(dialog.getByLabelText('First name'), 'Ana');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WAITLIST_DRAFT_DEBOUNCE_MS - 100);
    });
    expect(api.callsTo('PUT', '/api/waitlist/draft')).toHaveLength(0);
    // Another edit restarts the pause: 1800 ms after the first keystroke, still nothing sent.
    await user.type(dialog.getByLabelText('Last name'), 'S');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WAITLIST_DRAFT_DEBOUNCE_MS - 100);
    });
    expect(api.callsTo('PUT', '/api/waitlist/draft')).toHaveLength(0);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(200);
    });
    expect(api.callsTo('PUT', '/api/waitlist/draft')).toEqual([
      expect.objectContaining({ body: { email: '', firstName: 'Ana', lastName: 'S', phoneNumber: '' } }),
    ]);
    expect(dialog.getByText('Auto-saving...')).toBeInTheDocument();
    await act(async () => draft.resolveJson(200, {}));
    await waitFor(() => expect(dialog.queryByText('Auto-saving...')).not.toBeInTheDocument());
  });

  it('stops a pending auto-save when the dialog closes', async () => {
    const { api, user, dialog } = await openDialog({ 'PUT /api/waitlist/draft': { status: 200, body: {} } });
    await user.type(dialog.getByLabelText('Work email'), 'ana@');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WAITLIST_DRAFT_DEBOUNCE_MS * 2);
    });
    expect(api.callsTo('PUT', '/api/waitlist/draft')).toHaveLength(0);
  });

  it('saves no draft while every field is empty', async () => {
    const { api, user, dialog } = await openDialog({ 'PUT /api/waitlist/draft': { status: 200, body: {} } });
    await user.type(dialog.getByLabelText('First name'), ' ');
    await user.clear(dialog.getByLabelText('First name'));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WAITLIST_DRAFT_DEBOUNCE_MS * 2);
    });
    expect(api.callsTo('PUT', '/api/waitlist/draft')).toHaveLength(0);
  });

  it('only logs a failed draft save', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { api, user, dialog } = await openDialog({ 'PUT /api/waitlist/draft': { status: 500, body: { message: 'boom' } } });
    await user.type(dialog.getByLabelText('Work email'), 'ana@');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(WAITLIST_DRAFT_DEBOUNCE_MS);
    });
    await waitFor(() => expect(log).toHaveBeenCalledWith('Waitlist draft auto-save failed', expect.any(Error)));
    expect(api.callsTo('PUT', '/api/waitlist/draft')).toHaveLength(1);
    expect(screen.queryByRole('status', { name: /error/i })).not.toBeInTheDocument();
    expect(screen.queryByText('Error')).not.toBeInTheDocument();
  });

  it('joins: "Joining..." with everything disabled, then the success toast, a cleared form and a closed dialog', async () => {
    const join = deferredReply();
    const { api, user, dialog } = await openDialog({
      'POST /api/waitlist': join.reply,
      'PUT /api/waitlist/draft': { status: 200, body: {} },
    });
    await fillAll(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Join Waitlist' }));
    expect(dialog.getByRole('button', { name: 'Joining...' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(dialog.getByRole('button', { name: 'Close' })).toBeDisabled();
    expect(dialog.getByLabelText('Work email')).toBeDisabled();
    expect(dialog.getByLabelText('Phone number')).toBeDisabled();
    expect(api.callsTo('POST', '/api/waitlist')[0]?.body).toEqual(ENTRY);
    await act(async () => join.resolveJson(201, { message: "You're on the list!" }));
    expect(await screen.findByText("We'll contact you next week when spots open up.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('Work email')).toHaveValue('');
  });

  it("shows the server's message when joining fails", async () => {
    const { user, dialog } = await openDialog({
      'POST /api/waitlist': { status: 409, body: { message: 'This email is already on the waitlist.' } },
      'PUT /api/waitlist/draft': { status: 200, body: {} },
    });
    await fillAll(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Join Waitlist' }));
    expect(await screen.findByText('This email is already on the waitlist.')).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(dialog.getByLabelText('Work email')).toHaveValue(ENTRY.email);
  });

  it('falls back to the generic message when the server says nothing useful', async () => {
    const { user, dialog } = await openDialog({
      'POST /api/waitlist': { status: 502, body: '<html>Bad gateway</html>' },
      'PUT /api/waitlist/draft': { status: 200, body: {} },
    });
    await fillAll(user, dialog);
    await user.click(dialog.getByRole('button', { name: 'Join Waitlist' }));
    expect(await screen.findByText('Failed to join waitlist. Please try again.')).toBeInTheDocument();
  });

  it('Cancel closes the dialog', async () => {
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
