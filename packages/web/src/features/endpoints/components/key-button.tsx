import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { useConversationStore } from '../../chat/conversation.store';
import { useKeyDialogStore } from '../../keys/key-dialog.store';
import { useUserKeyStatus } from '../../keys/keys.api';
import { barIconButton } from './menu-styles';

/**
 * Opens the key dialog; shown only for endpoints where the user supplies the key
 * (docs/reference/endpoints-and-models.md (User-provided keys)).
 */
export function KeyButton() {
  const { t } = useTranslation();
  const endpoint = useConversationStore((s) => s.setup.endpoint);
  const status = useUserKeyStatus(endpoint);
  if (!endpoint || !status.required) return null;
  return (
    <button
      type="button"
      aria-label={t('com_endpoint_set_key')}
      title={status.missing ? t('com_endpoint_key_missing') : t('com_endpoint_set_key')}
      onClick={() => useKeyDialogStore.getState().open(endpoint)}
      className={`${barIconButton} relative`}
    >
      <KeyRound aria-hidden="true" className="size-[18px]" />
      {status.missing && (
        <span
          aria-hidden="true"
          className="absolute top-1.5 end-1.5 size-2 rounded-full bg-amber-500 ring-2 ring-white dark:ring-zinc-950"
        />
      )}
    </button>
  );
}
