import { describe, expect, test, vi } from 'vitest';
import { trayMenu, type TrayActions } from './tray-menu.js';

const actions = (): TrayActions => ({
  open: vi.fn(),
  todaysBrief: vi.fn(),
  listen: vi.fn(),
  checkNow: vi.fn(),
  setOpenAtLogin: vi.fn(),
  quit: vi.fn(),
});

describe('the tray menu', () => {
  test('Open, Today’s brief, Check now, Start at login, Quit; Listen for premium subscribers only', () => {
    const labels = (premium: boolean) => trayMenu({ premium, openAtLogin: false }, actions()).flatMap((i) => (i.label ? [i.label] : []));
    expect(labels(false)).toEqual(['Open DC Brief', "Today's brief", 'Check now', 'Start at login', 'Quit']);
    expect(labels(true)).toEqual(['Open DC Brief', "Today's brief", 'Listen', 'Check now', 'Start at login', 'Quit']);
  });

  test('each item does what it says; Start at login toggles', () => {
    const a = actions();
    const menu = trayMenu({ premium: true, openAtLogin: true }, a);
    const item = (label: string) => menu.find((i) => i.label === label)!;
    item('Check now').click!();
    item('Listen').click!();
    item('Quit').click!();
    expect(a.checkNow).toHaveBeenCalledOnce();
    expect(a.listen).toHaveBeenCalledOnce();
    expect(a.quit).toHaveBeenCalledOnce();
    expect(item('Start at login')).toMatchObject({ type: 'checkbox', checked: true });
    item('Start at login').click!();
    expect(a.setOpenAtLogin).toHaveBeenCalledWith(false);
  });
});
