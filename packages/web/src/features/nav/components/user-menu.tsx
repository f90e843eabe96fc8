import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PublicUser } from '@parley/shared';
import { ChevronUpDownIcon, LogoutIcon } from '../../../components/ui/icons';
import { useLogoutMutation } from '../../auth/auth.api';
import { LanguageSelect } from '../../i18n/language-select';
import { ThemeSelect } from '../../theme/theme-select';

/** The user menu at the bottom of the sidebar: the user's name opens language, theme and Log out. */
export function UserMenu({ user }: { user: PublicUser }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const logout = useLogoutMutation();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const itemClass =
    'flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-sm text-zinc-800 hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-none disabled:opacity-60 dark:text-zinc-100 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800';

  return (
    <div ref={rootRef} className="relative">
      {open && (
        <div
          id={panelId}
          className="absolute right-0 bottom-full left-0 mb-2 flex flex-col gap-1 rounded-xl border border-zinc-200 bg-white p-2 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {user.email && (
            <p className="truncate px-2.5 pt-1 pb-2 text-xs text-zinc-500 dark:text-zinc-400">{user.email}</p>
          )}
          <LanguageSelect className="px-2.5 py-1" />
          <ThemeSelect className="px-2.5 py-1" />
          <div className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
          <div role="menu" aria-label={user.name}>
            <button
              type="button"
              role="menuitem"
              data-testid="logout"
              className={itemClass}
              disabled={logout.isPending}
              onClick={() => logout.mutate()}
            >
              <LogoutIcon className="size-4" />
              {t('com_nav_log_out')}
            </button>
          </div>
        </div>
      )}
      <button
        ref={buttonRef}
        type="button"
        data-testid="user-menu"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2.5 rounded-lg px-2 py-2 text-left text-sm font-medium text-zinc-900 hover:bg-zinc-200/70 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-zinc-100 dark:hover:bg-zinc-800"
      >
        <span
          aria-hidden="true"
          className="flex size-8 shrink-0 items-center justify-center rounded-full bg-teal-700 text-sm font-semibold text-white uppercase dark:bg-teal-600"
        >
          {user.name.trim().charAt(0) || '?'}
        </span>
        <span className="min-w-0 flex-1 truncate">{user.name}</span>
        <ChevronUpDownIcon className="size-4 shrink-0 text-zinc-500" />
      </button>
    </div>
  );
}
