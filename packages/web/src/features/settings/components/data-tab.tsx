import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-error';
import { useRevokeAllUserKeys } from '../../keys/keys.api';
import { SharedLinksSection } from '../../share/components/shared-links-section';
import { showToast } from '../../toast/toast.store';
import { ConfirmButton } from './confirm-button';
import { SettingRow } from './setting-row';

// Loaded when the Data tab first shows it, with its texts (docs/reference/conversations.md (Archive)).
const ArchivedChatsSection = lazy(async () => ({
  default: (await import('../../conversations/components/archived-chats-section')).ArchivedChatsSection,
}));

// The import section (and its texts) loads when the Data tab first opens.
const ImportSection = lazy(async () => ({
  default: (await import('../../import/components/import-section')).ImportSection,
}));

/**
 * Data: import conversations (docs/reference/import.md (In the web)); revoke every user-provided key (two-step); the
 * archived chats; the user's share links, listed even while the operator has sharing
 * off, so old ones can be revoked (docs/reference/sharing.md (In the web)).
 */
export function DataTab() {
  const { t } = useTranslation();
  const revokeAll = useRevokeAllUserKeys();
  const run = () =>
    revokeAll.mutate(undefined, {
      onSuccess: () => showToast({ message: t('com_nav_setting_revoke_keys_done'), severity: 'success' }),
      onError: (error) => showToast({ message: errorText(error), severity: 'error' }),
    });
  return (
    <div className="divide-y divide-zinc-100 dark:divide-zinc-800">
      <SettingRow label={t('com_nav_setting_revoke_keys')} hint={t('com_nav_setting_revoke_keys_hint')}>
        <ConfirmButton
          testId="revoke-all-keys"
          label={t('com_nav_setting_revoke')}
          confirmLabel={t('com_nav_setting_confirm_revoke')}
          onConfirm={run}
          pending={revokeAll.isPending}
        />
      </SettingRow>
      <Suspense fallback={null}>
        <ArchivedChatsSection />
        <ImportSection />
      </Suspense>
      <SharedLinksSection />
    </div>
  );
}
