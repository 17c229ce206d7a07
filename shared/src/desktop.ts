import type { User } from './api.js';
import type { Digest } from './digests.js';
import type { Episode } from './audio.js';

/**
 * The desktop app's bridge between its window (the web app built for the desktop) and its main process:
 * `window.dcbrief`, exposed by desktop/src/preload. Narrow on purpose: the window never sees Node, files or
 * the network beyond what these calls allow.
 */

/** The server the desktop app reads from: null until the first launch's address screen saved one. */
export interface DesktopServerState {
  url: string | null;
  /** Pre-filled on the address screen: the address the build was made for (DCBRIEF_SERVER_URL), if any. */
  defaultUrl: string | null;
}

/** setServer's answer: the saved address (its origin), or why it was refused. */
export type DesktopServerResult = { ok: true; url: string } | { ok: false; message: string };

/** The copy kept on disk for reading without a network: the last briefs, newest first, and when they were fetched. */
export interface DesktopOfflineCopy {
  /** When the main process last fetched the briefs from the server (ISO 8601). */
  updatedAt: string;
  /** The signed-in subscriber as last seen, so the offline screens know the plan and the voice preferences. */
  user: User | null;
  /** The latest brief first, at most DESKTOP_OFFLINE_BRIEFS of them. */
  digests: Digest[];
  /** Premium: the latest episode whose audio is on disk (its audioUrl plays the disk copy offline). */
  episode: Episode | null;
}

export interface DesktopBridge {
  /** Which server the app reads from, and the build's default. */
  getServer(): Promise<DesktopServerState>;
  /** Checks the address (http or https, a DC Brief server answering) and saves it; the window then reloads. */
  setServer(url: string): Promise<DesktopServerResult>;
  /** What is kept on disk for offline reading; null before the first successful fetch. */
  getOfflineCopy(): Promise<DesktopOfflineCopy | null>;
  /** Asks the main process to look for a new brief now (the tray's "Check now"); resolves when done. */
  checkNow(): Promise<void>;
  /** Called when the main process wants the window on another screen (a notification's brief, the tray menu). */
  onNavigate(listener: (path: string) => void): () => void;
}

/** How many briefs the desktop app keeps on disk. */
export const DESKTOP_OFFLINE_BRIEFS = 7;

/** The answer of the desktop app's proxy when the server cannot be reached (its body also says `offline: true`). */
export const DESKTOP_OFFLINE_STATUS = 503;
export const DESKTOP_OFFLINE_HEADER = 'x-dcbrief-offline';
