export interface TrayMenuState {
  /** Premium subscribers get "Listen". */
  premium: boolean;
  openAtLogin: boolean;
}

export interface TrayActions {
  open(): void;
  todaysBrief(): void;
  listen(): void;
  checkNow(): void;
  setOpenAtLogin(on: boolean): void;
  quit(): void;
}

/** One item of the tray's menu, in the shape of Electron's MenuItemConstructorOptions. */
export interface TrayItem {
  label?: string;
  type?: 'normal' | 'separator' | 'checkbox';
  checked?: boolean;
  click?: () => void;
}

/** The tray's menu: Open, Today's brief, Listen (premium), Check now, Start at login, Quit. */
export function trayMenu(state: TrayMenuState, actions: TrayActions): TrayItem[] {
  return [
    { label: 'Open DC Brief', click: actions.open },
    { label: "Today's brief", click: actions.todaysBrief },
    ...(state.premium ? [{ label: 'Listen', click: actions.listen }] : []),
    { label: 'Check now', click: actions.checkNow },
    { type: 'separator' },
    {
      label: 'Start at login',
      type: 'checkbox',
      checked: state.openAtLogin,
      click: () => actions.setOpenAtLogin(!state.openAtLogin),
    },
    { type: 'separator' },
    { label: 'Quit', click: actions.quit },
  ];
}
