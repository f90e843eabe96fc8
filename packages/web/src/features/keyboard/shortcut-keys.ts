import type { ShortcutAction } from './shortcuts';

/** The keys of each shortcut as shown in the help dialog, in order. */
export function shortcutKeys(mac: boolean): Array<[ShortcutAction, string[][]]> {
  const mod = mac ? '⌘' : 'Ctrl';
  const shift = mac ? '⇧' : 'Shift';
  return [
    ['help', [['?'], [mod, '/']]],
    ['stop', [['Esc']]],
    ['editLast', [['↑']]],
    ['newChat', [[mod, shift, 'O']]],
    ['toggleSidebar', [[mod, shift, 'S']]],
    ['focusSearch', [[mod, 'K']]],
    ['copyLast', [[mod, shift, 'C']]],
  ];
}
