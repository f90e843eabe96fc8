import { describe, expect, it } from 'vitest';
import { listKeyTarget, listTabStop, rowKeyTarget } from './list-keys';

const ids = ['a', 'b', 'c', 'd'];
const press = (key: string, mods: Record<string, boolean> = {}) => ({ key, ...mods });

describe('listTabStop', () => {
  it('is the last focused conversation while listed, else the open one, else the first', () => {
    expect(listTabStop(ids, 'c', 'b')).toBe('c');
    expect(listTabStop(ids, 'gone', 'b')).toBe('b');
    expect(listTabStop(ids, null, 'b')).toBe('b');
    expect(listTabStop(ids, null, 'new')).toBe('a');
    expect(listTabStop(ids, undefined, undefined)).toBe('a');
    expect(listTabStop([], 'a', 'a')).toBeUndefined();
  });
});

describe('listKeyTarget', () => {
  it('moves down and up one conversation, staying put at the ends', () => {
    expect(listKeyTarget(ids, 'b', press('ArrowDown'))).toBe('c');
    expect(listKeyTarget(ids, 'd', press('ArrowDown'))).toBe('d');
    expect(listKeyTarget(ids, 'b', press('ArrowUp'))).toBe('a');
    expect(listKeyTarget(ids, 'a', press('ArrowUp'))).toBe('a');
  });

  it('jumps to the first and the last loaded with Home and End', () => {
    expect(listKeyTarget(ids, 'c', press('Home'))).toBe('a');
    expect(listKeyTarget(ids, 'a', press('End'))).toBe('d');
  });

  it('starts from the first when the focused row is no longer listed', () => {
    expect(listKeyTarget(ids, 'gone', press('ArrowDown'))).toBe('a');
    expect(listKeyTarget(ids, 'gone', press('ArrowUp'))).toBe('a');
  });

  it('leaves other keys, modified keys and an empty list alone', () => {
    expect(listKeyTarget(ids, 'a', press('Enter'))).toBeNull();
    expect(listKeyTarget(ids, 'a', press('ArrowRight'))).toBeNull();
    expect(listKeyTarget(ids, 'a', press('ArrowDown', { shiftKey: true }))).toBeNull();
    expect(listKeyTarget(ids, 'a', press('End', { ctrlKey: true }))).toBeNull();
    expect(listKeyTarget(ids, 'a', press('Home', { metaKey: true }))).toBeNull();
    expect(listKeyTarget(ids, 'a', press('ArrowUp', { altKey: true }))).toBeNull();
    expect(listKeyTarget([], 'a', press('ArrowDown'))).toBeNull();
  });
});

describe('rowKeyTarget', () => {
  it('moves between the link and its buttons with ArrowRight and ArrowLeft', () => {
    expect(rowKeyTarget(3, 0, 'ArrowRight')).toBe(1);
    expect(rowKeyTarget(3, 2, 'ArrowRight')).toBe(2);
    expect(rowKeyTarget(3, 1, 'ArrowLeft')).toBe(0);
    expect(rowKeyTarget(3, 0, 'ArrowLeft')).toBe(0);
    expect(rowKeyTarget(3, 0, 'ArrowDown')).toBeNull();
  });
});
