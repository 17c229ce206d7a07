import { describe, expect, expectTypeOf, test, vi } from 'vitest';
import type { DesktopBridge } from '@dcbrief/shared';
import { CHANNELS, createBridge, type BridgeIpc } from './bridge.js';

function fakeIpc() {
  const listeners = new Map<string, Set<(event: unknown, ...args: unknown[]) => void>>();
  const ipc = {
    invoke: vi.fn(async (channel: string, ...args: unknown[]) => ({ channel, args })),
    on: vi.fn((channel: string, l: (event: unknown, ...args: unknown[]) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(l);
    }),
    removeListener: vi.fn((channel: string, l: (event: unknown, ...args: unknown[]) => void) => listeners.get(channel)?.delete(l)),
  } satisfies BridgeIpc;
  const emit = (channel: string, ...args: unknown[]) => listeners.get(channel)?.forEach((l) => l({}, ...args));
  return { ipc, emit, listeners };
}

describe('window.dcbrief, the preload bridge', () => {
  test('exactly the calls of DesktopBridge, each a function, nothing of ipcRenderer', () => {
    const bridge = createBridge(fakeIpc().ipc);
    expectTypeOf(bridge).toEqualTypeOf<DesktopBridge>();
    expect(Object.keys(bridge).sort()).toEqual(['checkNow', 'getOfflineCopy', 'getServer', 'onNavigate', 'setServer']);
    for (const value of Object.values(bridge)) expect(typeof value).toBe('function');
    expect(JSON.stringify(Object.values(CHANNELS))).not.toContain('*');
  });

  test('each call is its own channel; the address is a string of bounded length', async () => {
    const { ipc } = fakeIpc();
    const bridge = createBridge(ipc);
    await bridge.getServer();
    await bridge.setServer({ toString: () => 'x'.repeat(5000) } as unknown as string);
    await bridge.getOfflineCopy();
    await bridge.checkNow();
    expect(ipc.invoke.mock.calls.map((c) => c[0])).toEqual([
      CHANNELS.getServer,
      CHANNELS.setServer,
      CHANNELS.getOfflineCopy,
      CHANNELS.checkNow,
    ]);
    expect((ipc.invoke.mock.calls[1]![1] as string).length).toBe(2048);
  });

  test('onNavigate passes only app paths and can be undone', () => {
    const { ipc, emit, listeners } = fakeIpc();
    const bridge = createBridge(ipc);
    const paths: string[] = [];
    const off = bridge.onNavigate((p) => paths.push(p));
    emit(CHANNELS.navigate, '/digests/1');
    emit(CHANNELS.navigate, 'https://evil.example/');
    emit(CHANNELS.navigate, 42);
    expect(paths).toEqual(['/digests/1']);
    off();
    expect(listeners.get(CHANNELS.navigate)?.size).toBe(0);
  });
});
