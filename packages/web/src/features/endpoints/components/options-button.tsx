import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { SlidersHorizontal } from 'lucide-react';
import { useConversationStore } from '../../chat/conversation.store';
import { barIconButton } from './menu-styles';

/** The top bar's settings button (sliders); off until an endpoint is chosen. */
export function OptionsButton(props: ComponentProps<'button'>) {
  const { t } = useTranslation();
  const endpoint = useConversationStore((s) => s.setup.endpoint);
  return (
    <button
      type="button"
      aria-label={t('com_endpoint_conversation_settings')}
      title={t('com_endpoint_conversation_settings')}
      disabled={!endpoint}
      className={`${barIconButton} disabled:opacity-40`}
      {...props}
    >
      <SlidersHorizontal aria-hidden="true" className="size-[18px]" />
    </button>
  );
}
