import type { ThemeChoice } from '../../lib/storage';

export const THEME_CHOICES: readonly ThemeChoice[] = ['system', 'dark', 'light'];

/** Whether the page should be dark for a choice, given what the system prefers right now. */
export function isDark(choice: ThemeChoice, systemPrefersDark: boolean): boolean {
  return choice === 'dark' || (choice === 'system' && systemPrefersDark);
}
