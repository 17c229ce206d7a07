import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * "Start at login" on Linux, where Electron's setLoginItemSettings does nothing: an XDG autostart entry
 * (~/.config/autostart/dcbrief.desktop) that starts the app with --hidden (tray only). `execPath` is the
 * AppImage's path when run from one (APPIMAGE), else the executable's.
 */
export function autostartEntry(execPath: string): string {
  const quoted = /[\s"'\\$`]/.test(execPath) ? `"${execPath.replace(/(["\\$`])/g, '\\$1')}"` : execPath;
  return ['[Desktop Entry]', 'Type=Application', 'Name=DC Brief', `Exec=${quoted} --hidden`, 'X-GNOME-Autostart-enabled=true', ''].join(
    '\n',
  );
}

export class LinuxAutostart {
  readonly file: string;
  constructor(
    configDir: string,
    private readonly execPath: string,
  ) {
    this.file = path.join(configDir, 'autostart', 'dcbrief.desktop');
  }

  async get(): Promise<boolean> {
    return stat(this.file).then(
      () => true,
      () => false,
    );
  }

  async set(on: boolean): Promise<void> {
    if (!on) return rm(this.file, { force: true });
    await mkdir(path.dirname(this.file), { recursive: true });
    await writeFile(this.file, autostartEntry(this.execPath));
  }
}
