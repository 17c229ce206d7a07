import { Notification, powerMonitor, type Session } from 'electron';
import type { DesktopPorts } from './ports.js';

/** DesktopPorts with Electron's APIs: the only main-process file besides index.ts that imports electron. */
export function electronPorts(session: Session, serverUrl: () => string | null): DesktopPorts {
  return {
    fetch: (input) => session.fetch(input, { bypassCustomProtocolHandlers: true }),
    notify({ title, body, onClick }) {
      if (!Notification.isSupported()) return;
      const notification = new Notification({ title, body });
      notification.on('click', onClick);
      notification.show();
    },
    onResume(listener) {
      powerMonitor.on('resume', listener);
    },
    onSessionChanged(listener) {
      let pending: ReturnType<typeof setTimeout> | null = null;
      session.cookies.on('changed', (_event, cookie) => {
        const server = serverUrl();
        if (!server || !cookie.domain || !new URL(server).hostname.endsWith(cookie.domain.replace(/^\./, ''))) return;
        // Signing in sets and replaces cookies in one go: one check after they settle.
        if (pending) clearTimeout(pending);
        pending = setTimeout(listener, 1000);
      });
    },
  };
}
