/**
 * Everything the main process asks of Electron and the operating system, behind one interface: the logic
 * (schedule, brief updates, offline store, the app's scheme) is plain TypeScript tested in Vitest with a
 * fake of this, and electron-ports.ts is the one file that implements it with Electron's APIs.
 */
export interface DesktopNotification {
  title: string;
  body: string;
  onClick(): void;
}

export interface DesktopPorts {
  /** A request through the app's own session: its cookie jar holds the server's session cookie, and only it. */
  fetch(input: Request): Promise<Response>;
  /** A native notification. */
  notify(notification: DesktopNotification): void;
  /** Called when the computer wakes from sleep (powerMonitor's "resume"). */
  onResume(listener: () => void): void;
  /** Called when the server's cookies change (signing in or out in the window). */
  onSessionChanged(listener: () => void): void;
}
