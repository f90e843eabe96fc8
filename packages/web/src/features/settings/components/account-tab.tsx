import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { BindEmailDialog } from '../../account/components/bind-email-dialog';
import { BindPhoneDialog } from '../../account/components/bind-phone-dialog';
import { ContactRows } from '../../account/components/contact-rows';
import { DeleteAccountDialog } from '../../account/components/delete-account-dialog';
import { NameRow } from '../../account/components/name-row';
import { PasswordDialog } from '../../account/components/password-dialog';
import { useAuthStore } from '../../auth/auth.store';
import { useStartupConfig } from '../../config/config.api';
import { AvatarDialog } from './avatar-dialog';
import { SettingRow } from './setting-row';
import { SettingSwitch } from './setting-switch';
import { UserAvatar } from './user-avatar';

type Open = 'avatar' | 'password' | 'phone' | 'email' | 'delete' | null;

const rowButton = 'h-9 shrink-0 px-3';

/**
 * Account (docs/reference/accounts.md (The account page)): who is signed in, the display name, the profile picture,
 * the password, the bound phone and e-mail, whether messages show the username, and deleting the account.
 */
export function AccountTab() {
  const { t } = useTranslation();
  const user = useAuthStore((s) => s.user);
  const { config } = useStartupConfig();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  if (!user) return null;
  return (
    <div className="divide-y divide-zinc-100 dark:divide-zinc-800">
      <div className="flex items-center gap-3 py-3">
        <UserAvatar name={user.name} avatar={user.avatar} className="size-10 bg-teal-700 text-base" />
        <div className="min-w-0">
          <p
            data-testid="account-heading"
            className="truncate text-sm font-medium text-zinc-900 dark:text-zinc-100"
          >
            {user.name}
          </p>
          <p className="truncate text-xs text-zinc-500 dark:text-zinc-400">{user.email ?? user.phone}</p>
        </div>
      </div>
      <NameRow name={user.name} />
      <SettingRow label={t('com_nav_profile_picture')}>
        <Button
          variant="secondary"
          className={rowButton}
          data-testid="change-avatar"
          onClick={() => setOpen('avatar')}
        >
          {t('com_nav_change_picture')}
        </Button>
      </SettingRow>
      <SettingRow
        label={t('com_ui_account_password')}
        hint={user.hasPassword ? undefined : t('com_ui_account_no_password')}
      >
        <Button
          variant="secondary"
          className={rowButton}
          data-testid="change-password"
          onClick={() => setOpen('password')}
        >
          {user.hasPassword ? t('com_ui_account_change') : t('com_ui_account_set')}
        </Button>
      </SettingRow>
      <ContactRows
        user={user}
        smsEnabled={config.smsEnabled}
        emailEnabled={config.emailEnabled}
        onBindPhone={() => setOpen('phone')}
        onBindEmail={() => setOpen('email')}
      />
      <SettingSwitch setting="UsernameDisplay" label={t('com_nav_setting_username_display')} />
      <SettingRow label={t('com_ui_account_delete')} hint={t('com_ui_account_delete_hint')}>
        <Button
          variant="secondary"
          className={`${rowButton} text-rose-700 dark:text-rose-400`}
          data-testid="delete-account"
          onClick={() => setOpen('delete')}
        >
          {t('com_ui_account_delete_button')}
        </Button>
      </SettingRow>
      <AvatarDialog open={open === 'avatar'} onClose={close} />
      {open === 'password' && <PasswordDialog open hasPassword={user.hasPassword} onClose={close} />}
      {open === 'phone' && <BindPhoneDialog open onClose={close} />}
      {open === 'email' && <BindEmailDialog open current={user.email} onClose={close} />}
      {open === 'delete' && <DeleteAccountDialog open hasPassword={user.hasPassword} onClose={close} />}
    </div>
  );
}
