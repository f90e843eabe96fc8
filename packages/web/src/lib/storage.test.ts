import { describe, expect, it } from 'vitest';
import { LOGOUT_CLEARED_KEYS, STORAGE_KEYS } from '@parley/shared';
import { createStorage, SIDE_PANEL_KEYS } from './storage';

function memoryStorage(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (k) => data.get(k) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (k) => void data.delete(k),
    setItem: (k, v) => void data.set(k, String(v)),
  };
}

describe('storage', () => {
  it('round-trips typed values under the documented key names', () => {
    const backing = memoryStorage();
    const storage = createStorage(() => backing);
    storage.set(STORAGE_KEYS.navVisible, false);
    storage.set(STORAGE_KEYS.colorTheme, 'dark');
    expect(backing.getItem('navVisible')).toBe('false');
    expect(storage.get(STORAGE_KEYS.navVisible)).toBe(false);
    expect(storage.get(STORAGE_KEYS.colorTheme)).toBe('dark');
    backing.setItem('color-theme', 'purple');
    expect(storage.get(STORAGE_KEYS.colorTheme)).toBeNull();
  });

  it('keeps JSON settings and reads a corrupt or wrongly shaped one as unset', () => {
    const backing = memoryStorage();
    const storage = createStorage(() => backing);
    storage.set(STORAGE_KEYS.lastSelectedModel, { openAI: 'gpt-4' });
    expect(backing.getItem('lastSelectedModel')).toBe('{"openAI":"gpt-4"}');
    expect(storage.get(STORAGE_KEYS.lastSelectedModel)).toEqual({ openAI: 'gpt-4' });
    backing.setItem('lastSelectedModel', '{not json');
    expect(storage.get(STORAGE_KEYS.lastSelectedModel)).toBeNull();
    backing.setItem('lastSelectedTools', '{"a":1}');
    expect(storage.get(STORAGE_KEYS.lastSelectedTools)).toBeNull();
    backing.setItem('lastSelectedTools', '["calculator"]');
    expect(storage.get(STORAGE_KEYS.lastSelectedTools)).toBeNull();
    storage.set(STORAGE_KEYS.lastSelectedTools, [{ pluginKey: 'calculator', name: 'Calculator' }]);
    expect(storage.get(STORAGE_KEYS.lastSelectedTools)).toEqual([
      { pluginKey: 'calculator', name: 'Calculator' },
    ]);
    storage.set(STORAGE_KEYS.LaTeXParsing, false);
    expect(storage.get(STORAGE_KEYS.LaTeXParsing)).toBe(false);
  });

  it("keeps the side panel's layout, collapsed flag and active panel, and reads a damaged layout as unset", () => {
    const backing = memoryStorage();
    const storage = createStorage(() => backing);
    storage.set(SIDE_PANEL_KEYS.layout, [70, 30]);
    storage.set(SIDE_PANEL_KEYS.collapsed, false);
    storage.set(SIDE_PANEL_KEYS.activePanel, 'files');
    storage.set(STORAGE_KEYS.newUser, false);
    expect(backing.getItem('react-resizable-panels:layout')).toBe('[70,30]');
    expect(backing.getItem('react-resizable-panels:collapsed')).toBe('false');
    expect(backing.getItem('side:active-panel')).toBe('files');
    expect(backing.getItem('newUser')).toBe('false');
    expect(storage.get(SIDE_PANEL_KEYS.layout)).toEqual([70, 30]);
    for (const damaged of ['[70]', '[70,30,0]', '["70",30]', '[120,-20]', '{"0":70,"1":30}', '[null,30]']) {
      backing.setItem('react-resizable-panels:layout', damaged);
      expect(storage.get(SIDE_PANEL_KEYS.layout)).toBeNull();
    }
  });

  it('forgets the logout keys and keeps the rest', () => {
    const backing = memoryStorage();
    for (const key of LOGOUT_CLEARED_KEYS) backing.setItem(key, '{}');
    backing.setItem('lang', 'zh-CN');
    createStorage(() => backing).clearOnLogout();
    expect(backing.length).toBe(1);
    expect(backing.getItem('lang')).toBe('zh-CN');
  });

  it('survives a missing or throwing storage', () => {
    expect(createStorage(() => null).get(STORAGE_KEYS.lang)).toBeNull();
    const throwing = createStorage(() => {
      throw new Error('SecurityError');
    });
    expect(() => throwing.set(STORAGE_KEYS.lang, 'en-US')).not.toThrow();
  });
});
