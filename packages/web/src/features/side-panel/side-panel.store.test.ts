import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createStorage } from '../../lib/storage';
import { createSidePanelStore } from './side-panel.store';

function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
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

describe('side panel store', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts collapsed at [97, 3] on the assistants panel for a new user', () => {
    const state = createSidePanelStore(createStorage(() => memoryStorage())).getState();
    expect(state.collapsed).toBe(true);
    expect(state.layout).toEqual([97, 3]);
    expect(state.active).toBe('assistants');
    expect(state.openSize).toBeNull();
    expect(state.newUser).toBe(true);
  });

  it('restores what was remembered and ignores a panel it does not know', () => {
    const backing = memoryStorage({
      'react-resizable-panels:layout': '[68,32]',
      'react-resizable-panels:collapsed': 'false',
      'side:active-panel': 'files',
      newUser: 'false',
    });
    const state = createSidePanelStore(createStorage(() => backing)).getState();
    expect([state.collapsed, state.active, state.openSize, state.newUser]).toEqual([
      false,
      'files',
      32,
      false,
    ]);
    backing.setItem('side:active-panel', 'plugins');
    expect(createSidePanelStore(createStorage(() => backing)).getState().active).toBe('assistants');
  });

  it('remembers the open panel and clears the new-user flag on the first expansion', () => {
    const backing = memoryStorage();
    const store = createSidePanelStore(createStorage(() => backing));
    store.getState().expand('files');
    expect(store.getState()).toMatchObject({
      collapsed: false,
      active: 'files',
      newUser: false,
      focusRequest: 1,
    });
    expect(backing.getItem('newUser')).toBe('false');
    expect(backing.getItem('react-resizable-panels:collapsed')).toBe('false');
    expect(backing.getItem('side:active-panel')).toBe('files');
    store.getState().collapse();
    expect(store.getState().collapsed).toBe(true);
    expect(backing.getItem('react-resizable-panels:collapsed')).toBe('true');
    // Expanded by the row (a drag), not asked for: no focus move.
    store.getState().applyLayout([70, 30], false);
    expect(store.getState()).toMatchObject({ collapsed: false, active: 'files', focusRequest: 1 });
  });

  it('saves the layout 350 ms after the last change of a burst, and only then', () => {
    const backing = memoryStorage();
    const store = createSidePanelStore(createStorage(() => backing));
    store.getState().applyLayout([70, 30], false);
    vi.advanceTimersByTime(349);
    store.getState().applyLayout([65, 35], false);
    vi.advanceTimersByTime(349);
    expect(backing.getItem('react-resizable-panels:layout')).toBeNull();
    vi.advanceTimersByTime(1);
    expect(backing.getItem('react-resizable-panels:layout')).toBe('[65,35]');
    expect(store.getState().openSize).toBe(35);
  });

  it('keeps the last open size when the row collapses the panel', () => {
    const store = createSidePanelStore(createStorage(() => memoryStorage()));
    store.getState().applyLayout([66, 34], false);
    store.getState().applyLayout([95, 5], true);
    expect(store.getState()).toMatchObject({ collapsed: true, openSize: 34, layout: [95, 5] });
  });
});
