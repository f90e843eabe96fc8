import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorText } from '../../../lib/api-error';
import { LanguageSelect } from '../../i18n/language-select';
import { ThemeSelect } from '../../theme/theme-select';
import { showToast } from '../../toast/toast.store';
import { useClearAllConversations } from '../settings.api';
import { ConfirmButton } from './confirm-button';
import { SettingRow } from './setting-row';
import { SettingSwitch } from './setting-switch';

// The shared selects label themselves in a lighter grey; here they match the other setting rows.
const selectRow = 'py-3 [&_label]:text-zinc-800 dark:[&_label]:text-zinc-100';

/** General: language, theme, clear all chats (two-step), auto-scroll, hide the right-most side panel. */
export function GeneralTab() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const clear = useClearAllConversations();
  const clearAll = () =>
    clear.mutate(undefined, {
      onSuccess: () => {
        void navigate('/c/new');
        showToast({ message: t('com_nav_setting_clear_done'), severity: 'success' });
      },
      onError: (error) => showToast({ message: errorText(error), severity: 'error' }),
    });

  return (
    <div className="divide-y divide-zinc-100 dark:divide-zinc-800">
      <ThemeSelect className={selectRow} />
      <LanguageSelect className={selectRow} />
      <SettingRow label={t('com_nav_setting_clear_all_chats')}>
        <ConfirmButton
          testId="clear-all-chats"
          label={t('com_nav_setting_clear')}
          confirmLabel={t('com_nav_setting_confirm_clear')}
          onConfirm={clearAll}
          pending={clear.isPending}
        />
      </SettingRow>
      <SettingSwitch setting="autoScroll" label={t('com_nav_setting_auto_scroll')} />
      <SettingSwitch setting="hideSidePanel" label={t('com_nav_setting_hide_side_panel')} />
    </div>
  );
}
