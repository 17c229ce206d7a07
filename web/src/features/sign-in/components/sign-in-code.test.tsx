import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeApi, signedOut } from '@/test/fake-api';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render-app';

/** The second step of sign-in: the code from the email, typed where the link cannot reach (decision 020). */
describe('signing in with the code from the email', () => {
  async function openCodeStep(path: string) {
    const user = userEvent.setup();
    renderApp(path);
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await user.click(within(await screen.findByRole('dialog', {}, { timeout: 5000 })).getByRole('button', { name: 'Sign in' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Sign in to DC Brief' }, { timeout: 5000 }));
    await user.type(dialog.getByLabelText('Email address'), 'Desk@Example.com');
    await user.click(dialog.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await dialog.findByText('Check your email')).toBeInTheDocument();
    return { user, dialog };
  }

  it('offers an accessible one-time-code field; a wrong code shows the server reason inline, a pasted right code signs in', async () => {
    let signedIn = false;
    const api = fakeApi({
      'GET /api/auth/user': async () =>
        signedIn
          ? new Response(JSON.stringify(makeUser({ email: 'desk@example.com' })), { status: 200 })
          : new Response(JSON.stringify({ message: 'Unauthorized' }), { status: 401 }),
      'POST /api/login': { status: 200, body: { message: 'Check your email for a sign-in link.' } },
      'POST /api/login/code': async () => {
        const body = api.callsTo('POST', '/api/login/code').at(-1)!.body as { code: string };
        if (body.code !== '48210937')
          return new Response(JSON.stringify({ message: 'That code is not right. 4 tries left.' }), { status: 400 });
        signedIn = true;
        return new Response(JSON.stringify({ message: 'Signed in.', redirectTo: '/' }), { status: 200 });
      },
    });
    const { user, dialog } = await openCodeStep('/');

    const field = dialog.getByLabelText('Enter the code from the email');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAccessibleDescription('8 digits. Use it on this device when the email is open on another one.');

    await user.type(field, '1234 5678');
    await user.click(dialog.getByRole('button', { name: 'Sign in with code' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('That code is not right. 4 tries left.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('That code is not right. 4 tries left.');

    await user.clear(field);
    fireEvent.paste(field, { clipboardData: { getData: () => 'Your code: 4821-0937' } });
    expect(field).toHaveValue('4821 0937');
    await user.click(dialog.getByRole('button', { name: 'Sign in with code' }));

    expect(await screen.findByText('Signed in')).toBeInTheDocument();
    expect(screen.getByText("You're signed in to DC Brief as desk@example.com.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign in to DC Brief' })).not.toBeInTheDocument());
    const sent = api.callsTo('POST', '/api/login/code');
    expect(sent.at(-1)!.body).toMatchObject({ email: 'desk@example.com', code: '48210937' });
    await waitFor(() => expect(api.callsTo('GET', '/api/auth/user').length).toBeGreaterThan(1));
  });

  it('checks the length before asking the server', async () => {
    const api = fakeApi({
      'GET /api/auth/user': signedOut,
      'POST /api/login': { status: 200, body: { message: 'Check your email for a sign-in link.' } },
    });
    const { user, dialog } = await openCodeStep('/');
    await user.type(dialog.getByLabelText('Enter the code from the email'), '123');
    await user.click(dialog.getByRole('button', { name: 'Sign in with code' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Enter the 8-digit code from the email.');
    expect(api.callsTo('POST', '/api/login/code')).toHaveLength(0);
  });

  it('asks for a new link and code in place, and starts the code field afresh', async () => {
    const api = fakeApi({
      'GET /api/auth/user': signedOut,
      'POST /api/login': { status: 200, body: { message: 'Check your email for a sign-in link.' } },
      'POST /api/login/code': {
        status: 429,
        body: { message: 'Too many wrong tries for this code. Ask for a new code, or use the link in the email.' },
      },
    });
    const { user, dialog } = await openCodeStep('/');
    await user.type(dialog.getByLabelText('Enter the code from the email'), '1234 5678');
    await user.click(dialog.getByRole('button', { name: 'Sign in with code' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Too many wrong tries for this code.');

    await user.click(dialog.getByRole('button', { name: 'send a new link and code' }));
    expect(await dialog.findByText('A new link and code are on their way. Only the newest email works.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/login')).toHaveLength(2);
    expect(api.callsTo('POST', '/api/login')[1]!.body).toMatchObject({ email: 'Desk@Example.com' });
    expect(dialog.getByLabelText('Enter the code from the email')).toHaveValue('');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
  });
});
