import { useEffect } from 'react';
import { isDark } from './theme';
import { useThemeStore } from './theme.store';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** Puts the `dark` class on <html>; with 'system' it follows the OS setting live. */
export function useApplyTheme(): void {
  const choice = useThemeStore((s) => s.choice);

  useEffect(() => {
    const media = window.matchMedia(DARK_QUERY);
    const apply = () => {
      const dark = isDark(choice, media.matches);
      document.documentElement.classList.toggle('dark', dark);
      document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
    };
    apply();
    if (choice !== 'system') return;
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [choice]);
}
