import type { DesktopBridge, DesktopOfflineCopy, DesktopServerResult, DesktopServerState } from '@dcbrief/shared';

/** The IPC channels behind window.dcbrief; main registers a handler for each invoke channel. */
export const CHANNELS = {
  getServer: 'dcbrief:get-server',
  setServer: 'dcbrief:set-server',
  getOfflineCopy: 'dcbrief:get-offline-copy',
  checkNow: 'dcbrief:check-now',
  navigate: 'dcbrief:navigate',
} as const;

/** The part of ipcRenderer the bridge uses. */
export interface BridgeIpc {
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
  on(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
  removeListener(channel: string, listener: (event: unknown, ...args: unknown[]) => void): unknown;
}

/**
 * window.dcbrief: each call is one named IPC message with checked arguments; the window gets no ipcRenderer,
 * no Node and no way to name another channel.
 */
export function createBridge(ipc: BridgeIpc): DesktopBridge {
  return {
    getServer: () => ipc.invoke(CHANNELS.getServer) as Promise<DesktopServerState>,
    setServer: (url: string) => ipc.invoke(CHANNELS.setServer, String(url).slice(0, 2048)) as Promise<DesktopServerResult>,
    getOfflineCopy: () => ipc.invoke(CHANNELS.getOfflineCopy) as Promise<DesktopOfflineCopy | null>,
    checkNow: async () => {
      await ipc.invoke(CHANNELS.checkNow);
    },
    onNavigate: (listener: (path: string) => void) => {
      const handler = (_event: unknown, path: unknown) => {
        if (typeof path === 'string' && path.startsWith('/')) listener(path);
      };
      ipc.on(CHANNELS.navigate, handler);
      return () => {
        ipc.removeListener(CHANNELS.navigate, handler);
      };
    },
  };
}
