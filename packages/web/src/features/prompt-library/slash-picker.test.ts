import { describe, expect, it } from 'vitest';
import type { PromptEntry } from '@parley/shared';
import { PICKER_LIMIT, movePick, pickerEntries, pickerKey, slashQuery } from './slash-picker';

const entry = (
  id: string,
  title: string,
  tags: string[] = [],
  promptPrefix = `${title} prefix`,
): PromptEntry => ({
  id,
  title,
  promptPrefix,
  tags,
});

// docs/reference/prompt-library.md (The slash picker)
describe('the slash picker', () => {
  it('opens on a slash, a full-width slash or 、 as the first character, on one line only', () => {
    expect(slashQuery('/')).toBe('');
    expect(slashQuery('/trans')).toBe('trans');
    expect(slashQuery('／翻译')).toBe('翻译');
    expect(slashQuery('、周报')).toBe('周报');
    expect(slashQuery('')).toBeNull();
    expect(slashQuery('a/b')).toBeNull();
    expect(slashQuery(' /x')).toBeNull();
    expect(slashQuery('/x\nmore')).toBeNull();
  });

  it('filters by title, prefix and tags, case- and width-insensitive, at most PICKER_LIMIT', () => {
    const list = [
      entry('a', 'Translate into Chinese', ['translation']),
      entry('b', 'Code review', ['coding'], 'Review my code'),
      entry('c', '中译英', ['翻译']),
      entry('d', 'Weekly report', ['work']),
    ];
    expect(pickerEntries(list, '').map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(pickerEntries(list, 'CODE').map((e) => e.id)).toEqual(['b']);
    expect(pickerEntries(list, 'ｒｅｖｉｅｗ').map((e) => e.id)).toEqual(['b']);
    expect(pickerEntries(list, '翻译').map((e) => e.id)).toEqual(['c']);
    expect(pickerEntries(list, 'work').map((e) => e.id)).toEqual(['d']);
    expect(pickerEntries(list, 'translate chinese').map((e) => e.id)).toEqual(['a']);
    expect(pickerEntries(list, 'nothing here')).toEqual([]);
    const many = Array.from({ length: 20 }, (_, i) => entry(`e${i}`, `Entry ${i}`));
    expect(pickerEntries(many, 'entry')).toHaveLength(PICKER_LIMIT);
  });

  it('moves the highlight with wrap-around, and has none in an empty list', () => {
    expect(movePick(0, 1, 3)).toBe(1);
    expect(movePick(2, 1, 3)).toBe(0);
    expect(movePick(0, -1, 3)).toBe(2);
    expect(movePick(-1, 1, 3)).toBe(0);
    expect(movePick(-1, -1, 3)).toBe(2);
    expect(movePick(0, 1, 0)).toBe(-1);
  });

  it('takes the arrows, Enter, Tab and Escape; Shift+Enter and other keys go to the box', () => {
    expect(pickerKey('ArrowDown', false)).toBe('next');
    expect(pickerKey('ArrowUp', false)).toBe('previous');
    expect(pickerKey('Enter', false)).toBe('choose');
    expect(pickerKey('Tab', false)).toBe('choose');
    expect(pickerKey('Escape', false)).toBe('close');
    expect(pickerKey('Enter', true)).toBeNull();
    expect(pickerKey('a', false)).toBeNull();
  });
});
