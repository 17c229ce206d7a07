import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DesktopBridge } from '@dcbrief/shared';
import { ServerAddressScreen } from './server-address-screen';

function bridge(setServer: DesktopBridge['setServer']): DesktopBridge {
  return {
    getServer: async () => ({ url: null, defaultUrl: null }),
    setServer,
    getOfflineCopy: async () => null,
    checkNow: async () => {},
    onNavigate: () => () => {},
  };
}

describe('the desktop’s first screen: the server address', () => {
  it('starts from the build’s default, shows the main process’s refusal, and goes on once saved', async () => {
    const setServer = vi
      .fn<DesktopBridge['setServer']>()
      .mockResolvedValueOnce({ ok: false, message: 'No answer from https://old.example.com. Check the address and your network.' })
      .mockResolvedValueOnce({ ok: true, url: 'https://brief.example.com' });
    const onSaved = vi.fn();
    render(<ServerAddressScreen bridge={bridge(setServer)} defaultUrl="https://old.example.com" onSaved={onSaved} />);
    const field = screen.getByLabelText('Server address');
    expect(field).toHaveValue('https://old.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No answer from https://old.example.com.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(onSaved).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, 'brief.example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Connect' }));
    expect(setServer).toHaveBeenLastCalledWith('brief.example.com');
    await vi.waitFor(() => expect(onSaved).toHaveBeenCalledOnce());
  });

  it('cannot be sent empty', async () => {
    render(<ServerAddressScreen bridge={bridge(vi.fn())} defaultUrl={null} onSaved={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Connect' })).toBeDisabled();
  });
});
