import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ThemeChoice } from '../../lib/storage';
import { THEME_CHOICES } from './theme';
import { useThemeStore } from './theme.store';

const labelKey: Record<ThemeChoice, string> = {
  system: 'com_ui_theme_system',
  dark: 'com_ui_theme_dark',
  light: 'com_ui_theme_light',
};

export function ThemeSelect({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const id = useId();
  const choice = useThemeStore((s) => s.choice);
  const setChoice = useThemeStore((s) => s.setChoice);
  return (
    <div className={`flex items-center justify-between gap-3 ${className}`}>
      <label htmlFor={id} className="text-sm text-zinc-600 dark:text-zinc-300">
        {t('com_ui_theme')}
      </label>
      <select
        id={id}
        value={choice}
        onChange={(e) => setChoice(e.target.value as ThemeChoice)}
        className="select-control"
      >
        {THEME_CHOICES.map((c) => (
          <option key={c} value={c}>
            {t(labelKey[c])}
          </option>
        ))}
      </select>
    </div>
  );
}
