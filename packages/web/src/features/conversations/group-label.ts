import type { DateGroup } from '@parley/shared';

/** The translation keys of the fixed groups. */
export const GROUP_KEYS = {
  today: 'com_nav_convo_group_today',
  yesterday: 'com_nav_convo_group_yesterday',
  previous7: 'com_nav_convo_group_previous7',
  previous30: 'com_nav_convo_group_previous30',
} as const;

/**
 * A group's heading: the fixed ones translated, a month or a year formatted by Intl in the interface
 * language (e.g. 'March' / '三月', '2023' / '2023年').
 */
export function groupLabel(group: DateGroup, t: (key: string) => string, language: string): string {
  if (group.kind === 'month') {
    return new Intl.DateTimeFormat(language, { month: 'long' }).format(new Date(group.year, group.month, 1));
  }
  if (group.kind === 'year') {
    return new Intl.DateTimeFormat(language, { year: 'numeric' }).format(new Date(group.year, 6, 1));
  }
  return t(GROUP_KEYS[group.kind]);
}
