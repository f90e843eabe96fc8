/**
 * The keyboard shortcuts (docs/reference/settings-and-ui.md (Keyboard shortcuts)) as a pure decision: which action
 * a key event means. Cmd takes Ctrl's place on macOS.
 */
export type ShortcutAction =
  'help' | 'stop' | 'editLast' | 'newChat' | 'toggleSidebar' | 'focusSearch' | 'copyLast';

/** The parts of a KeyboardEvent the decision reads. */
export interface KeyLike {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  isComposing?: boolean;
  keyCode?: number;
}

export interface KeyContext {
  mac: boolean;
  /** Focus is in an input, text area, select or editable element: `?` is a character there. */
  inTextField: boolean;
  /** Focus is in the message box and it is empty: Up edits the last question. */
  emptyChatInput: boolean;
}

/** True on macOS and iOS, where the shortcuts use Cmd. */
export function isMacPlatform(
  nav: { platform?: string; userAgentData?: { platform?: string } } | undefined,
): boolean {
  const platform = nav?.userAgentData?.platform || nav?.platform || '';
  return /mac|iphone|ipad|ipod/i.test(platform);
}

/** The letter a key means: its character, or (non-Latin layouts) the key's position. */
function letterOf(e: KeyLike): string {
  const key = e.key.toLowerCase();
  if (/^[a-z]$/.test(key)) return key;
  const m = /^Key([A-Z])$/.exec(e.code ?? '');
  return m ? m[1]!.toLowerCase() : key;
}

const WITH_SHIFT: Record<string, ShortcutAction> = { o: 'newChat', s: 'toggleSidebar', c: 'copyLast' };

export function shortcutAction(e: KeyLike, ctx: KeyContext): ShortcutAction | null {
  // A key that belongs to an IME composition (Chinese, Japanese input) is never a shortcut.
  if (e.isComposing || e.keyCode === 229) return null;
  if (e.altKey) return null;
  const mod = ctx.mac ? e.metaKey && !e.ctrlKey : e.ctrlKey && !e.metaKey;
  if (mod) {
    if (e.key === '/' || e.code === 'Slash') return 'help';
    const letter = letterOf(e);
    if (e.shiftKey) return WITH_SHIFT[letter] ?? null;
    return letter === 'k' ? 'focusSearch' : null;
  }
  if (e.ctrlKey || e.metaKey) return null;
  if (e.key === 'Escape' && !e.shiftKey) return 'stop';
  if (e.key === '?' && !ctx.inTextField) return 'help';
  if (e.key === 'ArrowUp' && !e.shiftKey && ctx.emptyChatInput) return 'editLast';
  return null;
}
