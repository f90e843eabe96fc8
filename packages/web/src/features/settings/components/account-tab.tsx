import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../auth/auth.store';
import { SettingSwitch } from './setting-switch';

/** Account: who is signed in, and whether messages show the username. */
export function AccountTab() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  return (
    <div className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {user && (
        <div className="flex items-center gap-3 py-3">
          <span
            aria-hidden="true"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-teal-700 text-base font-semibold text-white uppercase dark:bg-teal-600"
          >
            {user.name.trim().charAt(0) || '?'}
          </span>
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{user.name}</p>
            {user.email && <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{user.email}</p>}
          </div>
        </div>
      )}
      <SettingSwitch setting="UsernameDisplay" label={t('com_nav_setting_username_display')} />
    </div>
  );
}
