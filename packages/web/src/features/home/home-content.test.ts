import { describe, expect, it } from 'vitest';
import { fullCatalogue } from '../../locales/catalogues';
import {
  DRAW_EXAMPLES,
  HOME_EXAMPLES,
  homeTabOf,
  PROMPT_CATEGORIES,
  promptLibraryHref,
} from './home-content';

describe('home page content', () => {
  it('links each category to a new chat that names it for the prompt library', () => {
    expect(promptLibraryHref('writing')).toBe('/c/new?promptLibrary=writing');
    expect(PROMPT_CATEGORIES.map(promptLibraryHref)).toEqual([
      '/c/new?promptLibrary=writing',
      '/c/new?promptLibrary=translation',
      '/c/new?promptLibrary=coding',
      '/c/new?promptLibrary=study',
      '/c/new?promptLibrary=work',
      '/c/new?promptLibrary=agents',
    ]);
  });

  it('opens the tab the address names, else Home', () => {
    expect(homeTabOf('draw')).toBe('draw');
    expect(homeTabOf('home')).toBe('home');
    expect(homeTabOf(null)).toBe('home');
    expect(homeTabOf('settings')).toBe('home');
  });

  it('has the four landing examples, and a Chinese instruction for each that names the model to choose', () => {
    expect(HOME_EXAMPLES).toEqual(['chat', 'draw', 'vision', 'web']);
    const zh = fullCatalogue('zh-CN');
    const named = { chat: /GPT-4/, draw: /DALL-E/, vision: /gpt-4o/, web: /联网搜索/ };
    for (const id of HOME_EXAMPLES) {
      const prompt = zh[`com_home_example_${id}_prompt`] ?? '';
      expect(prompt, id).toMatch(/[\u4e00-\u9fff]/);
      expect(prompt, id).toMatch(named[id]);
    }
    for (const id of DRAW_EXAMPLES) expect(zh[`com_home_draw_${id}_prompt`], id).toBeTruthy();
  });
});
