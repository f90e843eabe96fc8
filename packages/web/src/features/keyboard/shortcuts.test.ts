import { describe, expect, it } from 'vitest';
import { shortcutKeys } from './shortcut-keys';
import { isMacPlatform, shortcutAction, type KeyContext, type KeyLike } from './shortcuts';

const none = { ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };
const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({ ...none, key: k, ...mods });
const pc: KeyContext = { mac: false, inTextField: false, emptyChatInput: false };
const mac: KeyContext = { ...pc, mac: true };

describe('shortcutAction', () => {
  it('maps each Ctrl shortcut on Windows and Linux', () => {
    expect(shortcutAction(key('/', { ctrlKey: true }), pc)).toBe('help');
    expect(shortcutAction(key('O', { ctrlKey: true, shiftKey: true }), pc)).toBe('newChat');
    expect(shortcutAction(key('S', { ctrlKey: true, shiftKey: true }), pc)).toBe('toggleSidebar');
    expect(shortcutAction(key('k', { ctrlKey: true }), pc)).toBe('focusSearch');
    expect(shortcutAction(key('C', { ctrlKey: true, shiftKey: true }), pc)).toBe('copyLast');
  });

  it('uses Cmd, not Ctrl, on macOS', () => {
    expect(shortcutAction(key('/', { metaKey: true }), mac)).toBe('help');
    expect(shortcutAction(key('o', { metaKey: true, shiftKey: true }), mac)).toBe('newChat');
    expect(shortcutAction(key('s', { metaKey: true, shiftKey: true }), mac)).toBe('toggleSidebar');
    expect(shortcutAction(key('k', { metaKey: true }), mac)).toBe('focusSearch');
    expect(shortcutAction(key('c', { metaKey: true, shiftKey: true }), mac)).toBe('copyLast');
    // Ctrl+K on a Mac is the text field's kill-line, and Cmd elsewhere is the browser's.
    expect(shortcutAction(key('k', { ctrlKey: true }), mac)).toBeNull();
    expect(shortcutAction(key('k', { metaKey: true }), pc)).toBeNull();
  });

  it('leaves other modified keys to the browser and the text field', () => {
    expect(shortcutAction(key('c', { ctrlKey: true }), pc)).toBeNull();
    expect(shortcutAction(key('s', { ctrlKey: true }), pc)).toBeNull();
    expect(shortcutAction(key('k', { ctrlKey: true, shiftKey: true }), pc)).toBeNull();
    expect(shortcutAction(key('k', { ctrlKey: true, altKey: true }), pc)).toBeNull();
    expect(shortcutAction(key('k', { ctrlKey: true, metaKey: true }), pc)).toBeNull();
    expect(shortcutAction(key('o'), pc)).toBeNull();
  });

  it('reads the key position on non-Latin layouts', () => {
    expect(shortcutAction(key('л', { code: 'KeyK', ctrlKey: true }), pc)).toBe('focusSearch');
    expect(shortcutAction(key('.', { code: 'Slash', ctrlKey: true }), pc)).toBe('help');
  });

  it('Escape stops, also from the message box', () => {
    expect(shortcutAction(key('Escape'), pc)).toBe('stop');
    expect(shortcutAction(key('Escape'), { ...pc, inTextField: true })).toBe('stop');
    expect(shortcutAction(key('Escape', { ctrlKey: true }), pc)).toBeNull();
  });

  it('? opens the help only outside text fields', () => {
    expect(shortcutAction(key('?', { shiftKey: true }), pc)).toBe('help');
    expect(shortcutAction(key('?', { shiftKey: true }), { ...pc, inTextField: true })).toBeNull();
  });

  it('Up edits the last question only from an empty message box', () => {
    expect(shortcutAction(key('ArrowUp'), { ...pc, inTextField: true, emptyChatInput: true })).toBe(
      'editLast',
    );
    expect(shortcutAction(key('ArrowUp'), { ...pc, inTextField: true })).toBeNull();
    expect(shortcutAction(key('ArrowUp'), pc)).toBeNull();
    expect(shortcutAction(key('ArrowUp', { shiftKey: true }), { ...pc, emptyChatInput: true })).toBeNull();
  });

  it('ignores every key of an IME composition', () => {
    const composing = { isComposing: true };
    expect(shortcutAction(key('Escape', composing), pc)).toBeNull();
    expect(shortcutAction(key('k', { ctrlKey: true, ...composing }), pc)).toBeNull();
    expect(shortcutAction(key('ArrowUp', composing), { ...pc, emptyChatInput: true })).toBeNull();
    // Chromium and Safari report keyCode 229 for the key that ends a composition.
    expect(shortcutAction(key('Escape', { keyCode: 229 }), pc)).toBeNull();
  });
});

describe('isMacPlatform', () => {
  it('tells macOS and iOS from the rest', () => {
    expect(isMacPlatform({ platform: 'MacIntel' })).toBe(true);
    expect(isMacPlatform({ platform: 'iPhone' })).toBe(true);
    expect(isMacPlatform({ userAgentData: { platform: 'macOS' } })).toBe(true);
    expect(isMacPlatform({ platform: 'Win32' })).toBe(false);
    expect(isMacPlatform({ userAgentData: { platform: 'Linux' }, platform: 'Linux x86_64' })).toBe(false);
    expect(isMacPlatform(undefined)).toBe(false);
  });
});

describe('shortcutKeys', () => {
  it('names the keys for the platform', () => {
    expect(shortcutKeys(false).find(([a]) => a === 'newChat')![1]).toEqual([['Ctrl', 'Shift', 'O']]);
    expect(shortcutKeys(true).find(([a]) => a === 'newChat')![1]).toEqual([['⌘', '⇧', 'O']]);
    expect(shortcutKeys(true).map(([a]) => a)).toHaveLength(7);
  });
});
