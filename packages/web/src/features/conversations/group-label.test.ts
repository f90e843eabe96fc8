import { describe, expect, it } from 'vitest';
import { groupLabel } from './group-label';

const t = (key: string) => `t:${key}`;

describe('groupLabel', () => {
  it('translates the fixed groups', () => {
    expect(groupLabel({ kind: 'today' }, t, 'en-US')).toBe('t:com_nav_convo_group_today');
    expect(groupLabel({ kind: 'previous30' }, t, 'en-US')).toBe('t:com_nav_convo_group_previous30');
  });

  it('names months and years in the interface language', () => {
    expect(groupLabel({ kind: 'month', month: 2, year: 2024 }, t, 'en-US')).toBe('March');
    expect(groupLabel({ kind: 'month', month: 2, year: 2024 }, t, 'zh-CN')).toBe('三月');
    expect(groupLabel({ kind: 'year', year: 2023 }, t, 'en-US')).toBe('2023');
    expect(groupLabel({ kind: 'year', year: 2023 }, t, 'zh-CN')).toBe('2023年');
  });
});
