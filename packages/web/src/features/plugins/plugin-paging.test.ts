import { describe, expect, it } from 'vitest';
import { BUILTIN_PLUGINS, type PluginListEntry } from '@parley/shared';
import {
  clampPage,
  filterPlugins,
  isPhoneWidth,
  pageCount,
  pageItems,
  pluginColumns,
  pluginsPerPage,
} from './plugin-paging';

const plugins: PluginListEntry[] = BUILTIN_PLUGINS.map((p) => ({ ...p, authenticated: false }));

describe('the page size from the width', () => {
  it('is 8 narrower than 501 px, then two rows of 2, 3 and 4', () => {
    expect([320, 390, 500].map(pluginsPerPage)).toEqual([8, 8, 8]);
    expect([501, 600, 639].map(pluginsPerPage)).toEqual([4, 4, 4]);
    expect([640, 800, 1023].map(pluginsPerPage)).toEqual([6, 6, 6]);
    expect([1024, 1280, 2560].map(pluginsPerPage)).toEqual([8, 8, 8]);
  });

  it('gives the columns of the rule and tells a phone apart', () => {
    expect([639, 640, 1023, 1024].map(pluginColumns)).toEqual([2, 3, 3, 4]);
    expect([500, 501].map(isPhoneWidth)).toEqual([true, false]);
  });
});

describe('paging', () => {
  it('has ceil(count / perPage) pages', () => {
    expect(pageCount(10, 8)).toBe(2);
    expect(pageCount(10, 4)).toBe(3);
    expect(pageCount(10, 6)).toBe(2);
    expect(pageCount(8, 8)).toBe(1);
    expect(pageCount(0, 8)).toBe(0);
  });

  it('slices a page and keeps the page number in range', () => {
    const items = Array.from({ length: 10 }, (_, i) => i);
    expect(pageItems(items, 1, 4)).toEqual([0, 1, 2, 3]);
    expect(pageItems(items, 3, 4)).toEqual([8, 9]);
    expect(clampPage(3, 2)).toBe(2);
    expect(clampPage(0, 2)).toBe(1);
    expect(clampPage(2, 0)).toBe(1);
  });
});

describe('search', () => {
  it('matches the name or the description, ignoring case and outer spaces', () => {
    expect(filterPlugins(plugins, '  TAVILY ').map((p) => p.pluginKey)).toEqual([
      'tavily_search_results_json',
    ]);
    expect(filterPlugins(plugins, 'IMAGES').map((p) => p.pluginKey)).toEqual(['dalle', 'stable-diffusion']);
    expect(filterPlugins(plugins, '')).toHaveLength(plugins.length);
    expect(filterPlugins(plugins, 'no such plugin')).toEqual([]);
  });
});
