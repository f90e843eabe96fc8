import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { addLazyTexts } from '../i18n/lazy-texts';
import { shortcutKeys } from './shortcut-keys';
import type { ShortcutAction } from './shortcuts';
import { IS_MAC } from './use-shortcuts';

// The shortcuts' texts come with the dialog or the help page, out of the initial JavaScript
// (docs/architecture.md (Performance budgets)); only the dialog's title is in the main catalogues, for the user menu.
export const keyboardTexts = addLazyTexts(
  import.meta.glob<Record<string, string>>('../../locales/lazy/*/keyboard.json', { import: 'default' }),
);

const LABELS: Record<ShortcutAction, string> = {
  help: 'com_shortcuts_help',
  stop: 'com_shortcuts_stop',
  editLast: 'com_shortcuts_edit_last',
  newChat: 'com_shortcuts_new_chat',
  toggleSidebar: 'com_shortcuts_toggle_sidebar',
  focusSearch: 'com_shortcuts_search',
  copyLast: 'com_shortcuts_copy_last',
};

/**
 * Each shortcut and its keys (docs/reference/settings-and-ui.md (Keyboard shortcuts)), as the shortcuts dialog and
 * the help page show them; the caller waits for `keyboardTexts`.
 */
export function ShortcutList({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <dl className={`divide-y divide-zinc-100 dark:divide-zinc-800 ${className}`}>
      {shortcutKeys(IS_MAC).map(([action, combos]) => (
        <div key={action} data-shortcut={action} className="flex items-center justify-between gap-4 py-2.5">
          <dt className="min-w-0 text-sm text-zinc-700 dark:text-zinc-300">{t(LABELS[action])}</dt>
          <dd className="flex shrink-0 items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
            {combos.map((keys, i) => (
              <Fragment key={keys.join('+')}>
                {i > 0 && <span>{t('com_shortcuts_or')}</span>}
                <span className="flex items-center gap-1">
                  {keys.map((k) => (
                    <kbd
                      key={k}
                      className="inline-flex h-6 min-w-6 items-center justify-center rounded-md border border-zinc-300 bg-zinc-50 px-1.5 font-sans text-xs font-medium text-zinc-800 shadow-[0_1px_0_0] shadow-zinc-300 dark:border-zinc-600 dark:bg-zinc-800 dark:text-zinc-100 dark:shadow-zinc-700"
                    >
                      {k}
                    </kbd>
                  ))}
                </span>
              </Fragment>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
