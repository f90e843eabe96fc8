import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthStore } from '../../auth/auth.store';
import { AvatarDialog } from './avatar-dialog';
import { SettingRow } from './setting-row';
import { SettingSwitch } from './setting-switch';
import { UserAvatar } from './user-avatar';

/** Account: who is signed in, their profile picture, and whether messages show the username. */
export function AccountTab() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const [avatarOpen, setAvatarOpen] = useState(false);
  return (
    <div className="divide-y divide-zinc-100 dark:divide-zinc-800">
      {user && (
        <div className="flex items-center gap-3 py-3">
          <UserAvatar name={user.name} avatar={user.avatar} className="size-10 bg-teal-700 text-base" />
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100">{user.name}</p>
            {user.email && <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{user.email}</p>}
          </div>
        </div>
      )}
      <SettingRow label={t('com_nav_profile_picture')}>
        <button
          type="button"
          data-testid="change-avatar"
          onClick={() => setAvatarOpen(true)}
          className="inline-flex h-9 shrink-0 items-center justify-center rounded-lg border border-zinc-300 px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800"
        >
          {t('com_nav_change_picture')}
        </button>
      </SettingRow>
      <SettingSwitch setting="UsernameDisplay" label={t('com_nav_setting_username_display')} />
      <AvatarDialog open={avatarOpen} onClose={() => setAvatarOpen(false)} />
    </div>
  );
}
