import path from 'node:path';
import { app, BrowserWindow, ipcMain, Menu, nativeImage, protocol, session, shell, Tray, type IpcMainInvokeEvent } from 'electron';
import { digestPath, hasPremiumAccess, LISTEN_LATEST_PATH, WEB_PATHS, type DesktopServerState } from '@dcbrief/shared';
import { CHANNELS } from '../preload/bridge.js';
import { APP_ORIGIN, APP_SCHEME, handleAppRequest } from './app-protocol.js';
import { BriefWatcher } from './brief-watcher.js';
import { electronPorts } from './electron-ports.js';
import { LinuxAutostart } from './login-item.js';
import { OfflineStore } from './offline-store.js';
import { validateServer } from './server-address.js';
import { SettingsStore } from './settings.js';
import { trayMenu } from './tray-menu.js';

/** The address the build was made for (DCBRIEF_SERVER_URL or PUBLIC_URL at build time), pre-filled on the first launch. */
declare const __DCBRIEF_SERVER_URL__: string;

// The window is served from this scheme: a secure, standard origin of its own (fetch, cookies-free, media streaming).
protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true, codeCache: true } },
]);

const here = import.meta.dirname;
const rendererDir = path.join(here, '../renderer');
const resources = path.join(here, '../../resources');
const trayIcon = path.join(resources, 'tray.png');
const windowIcon = path.join(resources, 'icon.png');

let win: BrowserWindow | null = null;
let tray: Tray | null = null;

if (!app.requestSingleInstanceLock()) {
  // One app per user: a second launch shows the first one's window and ends.
  app.quit();
} else {
  app.on('second-instance', () => showWindow());
  // macOS: clicking the dock icon with no window open.
  app.on('activate', () => showWindow());
  app.on('window-all-closed', () => {
    // Closing the window keeps the tray and its notifications; Quit in the tray ends the app.
  });
  void app.whenReady().then(start);
}

/** Shows the window (creating it on `pathname` if it was closed), on `pathname` if given. */
function showWindow(pathname?: string): void {
  if (!win || win.isDestroyed()) {
    win = createWindow(pathname ?? '/');
    return;
  }
  if (win.isMinimized()) win.restore();
  win.show();
  win.focus();
  if (pathname) win.webContents.send(CHANNELS.navigate, pathname);
}

function createWindow(pathname: string): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 860,
    minWidth: 375,
    title: 'DC Brief',
    icon: windowIcon,
    show: false,
    webPreferences: {
      preload: path.join(here, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      // The tray's Listen starts the latest episode (LISTEN_LATEST_PATH) from a click outside the page.
      autoplayPolicy: 'no-user-gesture-required',
    },
  });
  window.once('ready-to-show', () => window.show());
  // Links out of the app (an outlet's article, Stripe's portal) open in the system browser.
  window.webContents.setWindowOpenHandler(({ url }) => {
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
    return { action: 'deny' };
  });
  window.webContents.on('will-navigate', (event, url) => {
    if (url.startsWith(`${APP_ORIGIN}/`)) return;
    event.preventDefault();
    if (/^https?:\/\//.test(url)) void shell.openExternal(url);
  });
  void window.loadURL(`${APP_ORIGIN}${pathname}`);
  return window;
}

/** IPC only from the app's own page. */
function fromApp(event: IpcMainInvokeEvent): boolean {
  return event.senderFrame?.url.startsWith(`${APP_ORIGIN}/`) ?? false;
}

async function start(): Promise<void> {
  const dataDir = app.getPath('userData');
  const settings = new SettingsStore(dataDir);
  await settings.load();
  const store = new OfflineStore(path.join(dataDir, 'offline'));
  const ses = session.defaultSession;
  const ports = electronPorts(ses, () => settings.get().serverUrl);

  ses.protocol.handle(APP_SCHEME, (request) =>
    handleAppRequest(request, {
      serverUrl: () => settings.get().serverUrl,
      fetch: ports.fetch,
      rendererDir,
      offlineAudio: (id) => store.audioFile(id),
      offlineTranscript: (id) => store.transcriptFile(id),
    }),
  );

  // Start at login: Electron's login items on macOS and Windows, an XDG autostart entry on Linux; either way
  // the app then starts in the tray (--hidden; macOS opens the window).
  const autostart =
    process.platform === 'linux' ? new LinuxAutostart(app.getPath('appData'), process.env.APPIMAGE ?? process.execPath) : null;
  let openAtLogin = autostart ? await autostart.get() : app.getLoginItemSettings().openAtLogin;
  const setOpenAtLogin = async (on: boolean) => {
    if (autostart) await autostart.set(on);
    else app.setLoginItemSettings({ openAtLogin: on, args: ['--hidden'] });
    openAtLogin = on;
  };

  let premium = false;
  const refreshTray = () => {
    if (!tray) return;
    tray.setContextMenu(
      Menu.buildFromTemplate(
        trayMenu(
          { premium, openAtLogin },
          {
            open: () => showWindow(),
            todaysBrief: () =>
              void store.read().then((copy) => showWindow(copy?.digests[0] ? digestPath(copy.digests[0].id) : WEB_PATHS.digests)),
            listen: () => showWindow(LISTEN_LATEST_PATH),
            checkNow: () => void watcher.check(),
            setOpenAtLogin: (on) => void setOpenAtLogin(on).then(refreshTray),
            quit: () => app.quit(),
          },
        ),
      ),
    );
  };

  const watcher = new BriefWatcher({
    ports,
    settings,
    store,
    open: (pathname) => showWindow(pathname),
    onUser: (user) => {
      premium = hasPremiumAccess(user);
      refreshTray();
    },
  });

  ipcMain.handle(CHANNELS.getServer, (event): DesktopServerState | null =>
    fromApp(event) ? { url: settings.get().serverUrl, defaultUrl: __DCBRIEF_SERVER_URL__ || null } : null,
  );
  ipcMain.handle(CHANNELS.setServer, async (event, input: unknown) => {
    if (!fromApp(event)) return { ok: false, message: 'Refused' };
    const result = await validateServer(String(input), ports.fetch);
    if (result.ok && result.url !== settings.get().serverUrl) {
      // Another server: the previous one's briefs, audio and session go.
      await store.clear();
      await ses.clearStorageData({ storages: ['cookies'] });
      await settings.update({ serverUrl: result.url, lastNotifiedDigestId: null, latestDigestEtag: null });
      void watcher.check();
    }
    return result;
  });
  ipcMain.handle(CHANNELS.getOfflineCopy, (event) => (fromApp(event) ? store.read() : null));
  ipcMain.handle(CHANNELS.checkNow, async (event) => {
    if (fromApp(event)) await watcher.check();
  });

  tray = new Tray(nativeImage.createFromPath(trayIcon));
  tray.setToolTip('DC Brief');
  tray.on('click', () => showWindow());
  refreshTray();

  const startedHidden = process.argv.includes('--hidden');
  if (!startedHidden) showWindow();
  void watcher.start();
}
