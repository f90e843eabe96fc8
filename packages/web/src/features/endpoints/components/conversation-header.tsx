import { useTranslation } from 'react-i18next';
import { BookmarkPlus } from 'lucide-react';
import { DEFAULT_TITLE } from '@parley/shared';
import { useConversationStore } from '../../chat/conversation.store';
import { usePresetsUiStore } from '../../presets/presets-ui.store';
import { useEndpointsQuery } from '../endpoints.api';
import { endpointLabel } from '../endpoint-label';
import { EndpointIcon } from './endpoint-icon';

/**
 * The sticky header at the top of the message list (docs/reference/settings-and-ui.md (The chat screen)): the
 * conversation's title once it has one (the top bar's model menu already names the model, so repeating it here said
 * nothing new), else the current endpoint and model; and a button that opens the save-as-preset dialog. Place it as the first child of the scrolling
 * container. Not under 768 px, where the one-row top bar already names the model
 * (docs/decisions.md (One header row under 768 px)).
 */
export function ConversationHeader() {
  const { t } = useTranslation();
  const { data: config } = useEndpointsQuery();
  const endpoint = useConversationStore((s) => s.setup.endpoint);
  const model = useConversationStore((s) => s.setup.model);
  const title = useConversationStore((s) => s.title);
  if (!endpoint) return null;
  const named = !!title && title !== DEFAULT_TITLE;
  return (
    <div
      data-testid="conversation-header"
      className="sticky top-0 z-10 flex h-10 max-md:hidden items-center justify-center gap-2 border-b border-zinc-200/70 bg-white/85 px-3 text-sm backdrop-blur supports-[backdrop-filter]:bg-white/70 dark:border-zinc-800/70 dark:bg-zinc-950/85 dark:supports-[backdrop-filter]:bg-zinc-950/70"
    >
      <EndpointIcon endpoint={endpoint} config={config} size="sm" />
      {named ? (
        <span
          data-testid="conversation-header-title"
          className="min-w-0 truncate font-medium text-zinc-900 dark:text-zinc-100"
        >
          {title}
        </span>
      ) : (
        <span className="min-w-0 truncate text-zinc-700 dark:text-zinc-300">
          <span className="font-medium text-zinc-900 dark:text-zinc-100">{endpointLabel(endpoint, t)}</span>
          {model && <span> · {model}</span>}
        </span>
      )}
      <button
        type="button"
        aria-label={t('com_endpoint_save_as_preset')}
        title={t('com_endpoint_save_as_preset')}
        onClick={() => usePresetsUiStore.getState().openSave()}
        className="inline-flex size-7 shrink-0 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-zinc-400 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      >
        <BookmarkPlus aria-hidden="true" className="size-4" />
      </button>
    </div>
  );
}
