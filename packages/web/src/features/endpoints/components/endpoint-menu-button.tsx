import type { ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDown } from 'lucide-react';
import { useConversationStore } from '../../chat/conversation.store';
import { useEndpointsQuery } from '../endpoints.api';
import { endpointLabel } from '../endpoint-label';
import { EndpointIcon } from './endpoint-icon';
import { barButton } from './menu-styles';

/**
 * The model menu's button: the endpoint's icon, its name and the model. Named by what it shows, then what it does
 * ("OpenAI · gpt-4, Select a model"): the name holds the visible text (WCAG label in name), so a voice command
 * saying the model finds the button.
 */
export function EndpointMenuButton(props: ComponentProps<'button'>) {
  const { t } = useTranslation();
  const { data: config } = useEndpointsQuery();
  const endpoint = useConversationStore((s) => s.setup.endpoint);
  const model = useConversationStore((s) => s.setup.model);
  const shown = endpoint ? endpointLabel(endpoint, t) : t('com_endpoint_select_model');
  return (
    <button
      type="button"
      data-testid="endpoint-menu"
      // The text is cut on a phone: the tooltip has all of it.
      title={model ? `${shown} · ${model}` : shown}
      className={`${barButton} min-w-0 shrink! font-medium`}
      {...props}
    >
      <EndpointIcon endpoint={endpoint} config={config} size="sm" />
      {/* Under 768 px a chosen model stands alone; the icon names the endpoint. */}
      <span className="min-w-0 truncate">
        <span className={model ? 'max-md:hidden' : ''}>
          {shown}
          {model && <span className="font-normal text-zinc-600 dark:text-zinc-400"> · </span>}
        </span>
        {model && <span className="font-normal text-zinc-600 dark:text-zinc-400">{model}</span>}
        {endpoint && <span className="sr-only">, {t('com_endpoint_select_model')}</span>}
      </span>
      <ChevronDown aria-hidden="true" className="size-4 shrink-0 text-zinc-500" />
    </button>
  );
}
