import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DirectionProvider } from '@radix-ui/react-direction';

/**
 * Radix reads the direction from its own context, not from `<html dir>`: without this, menus, tabs, sliders and
 * switches stayed left to right in Arabic (arrow keys, submenu side, thumb travel). The direction follows the
 * interface language, as `<html dir>` does (docs/reference/settings-and-ui.md (Languages)).
 */
export function InterfaceDirection({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DirectionProvider dir={i18n.dir(i18n.language)}>{children}</DirectionProvider>;
}
