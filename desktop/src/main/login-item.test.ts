import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { autostartEntry, LinuxAutostart } from './login-item.js';

describe('Start at login on Linux (XDG autostart)', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'dcbrief-autostart-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  test('on writes the entry that starts the app in the tray; off removes it', async () => {
    const item = new LinuxAutostart(dir, '/home/ana/Apps/DC Brief.AppImage');
    expect(await item.get()).toBe(false);
    await item.set(true);
    expect(await item.get()).toBe(true);
    const entry = await readFile(path.join(dir, 'autostart/dcbrief.desktop'), 'utf8');
    expect(entry).toContain('Exec="/home/ana/Apps/DC Brief.AppImage" --hidden');
    expect(entry.startsWith('[Desktop Entry]\nType=Application\n')).toBe(true);
    await item.set(false);
    expect(await item.get()).toBe(false);
  });

  test('quotes what the shell would read', () => {
    expect(autostartEntry('/opt/dcbrief/dcbrief')).toContain('Exec=/opt/dcbrief/dcbrief --hidden');
    expect(autostartEntry('/tmp/a"b$c')).toContain('Exec="/tmp/a\\"b\\$c" --hidden');
  });
});
