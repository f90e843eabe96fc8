import { describe, expect, it } from 'vitest';
import { shownTitle } from './shown-title';

describe('shownTitle', () => {
  it("shows the stored default and a missing title in the user's language, others as they are", () => {
    expect(shownTitle('New Chat', '新对话')).toBe('新对话');
    expect(shownTitle('', '新对话')).toBe('新对话');
    expect(shownTitle(null, '新对话')).toBe('新对话');
    expect(shownTitle('New Chat!', '新对话')).toBe('New Chat!');
  });
});
