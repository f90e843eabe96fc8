import { describe, expect, it } from 'vitest';
import { PROMPT_CATEGORIES, PROMPT_CATEGORY_TAGS, promptCategoryTag } from '@parley/shared';
import { STARTER_PROMPTS_EN } from './starter-prompts.en';
import { STARTER_PROMPTS_ZH_CN } from './starter-prompts.zh-cn';

// The home page's categories open the library on a tag (docs/reference/prompt-library.md (Categories)): in each
// starter set every category's tag must find entries, or the link would open an empty dialog.

describe('the prompt library categories', () => {
  const sets = { en: STARTER_PROMPTS_EN, 'zh-CN': STARTER_PROMPTS_ZH_CN } as const;

  for (const [lang, entries] of Object.entries(sets) as Array<[keyof typeof sets, (typeof sets)['en']]>) {
    it(`each has at least three ${lang} starter entries under its tag`, () => {
      for (const category of PROMPT_CATEGORIES) {
        const tag = PROMPT_CATEGORY_TAGS[category][lang];
        expect(
          entries.filter((entry) => entry.tags.includes(tag)).length,
          `${category} → ${tag}`,
        ).toBeGreaterThanOrEqual(3);
      }
    });
  }

  it('an unknown or missing category names no tag', () => {
    expect(promptCategoryTag('translation', 'zh-CN')).toBe('翻译');
    expect(promptCategoryTag('agents', 'en')).toBe('AI agents');
    expect(promptCategoryTag('toString', 'en')).toBeNull();
    expect(promptCategoryTag('nope', 'en')).toBeNull();
    expect(promptCategoryTag(null, 'en')).toBeNull();
  });
});
