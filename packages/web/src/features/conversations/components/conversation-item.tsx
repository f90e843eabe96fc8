import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Pencil, Trash2 } from 'lucide-react';
import type { Conversation, EndpointsConfig } from '@parley/shared';
import { useConversationErrored } from '../hooks/use-conversation-errored';
import { useRenameConversationMutation } from '../conversations.api';
import { EndpointIcon } from '../../endpoints/components/endpoint-icon';
import { RenameInput } from './rename-input';

// The confirmation dialog loads on the first delete (kept out of the initial JavaScript of /c/new).
const DeleteConversation = lazy(async () => ({
  default: (await import('./delete-conversation')).DeleteConversation,
}));

interface ConversationItemProps {
  conversation: Conversation;
  /** For endpoints configured with their own icon (iconURL). */
  endpointsConfig: EndpointsConfig | undefined;
  active: boolean;
  onNavigate: () => void;
}

const actionClass =
  'inline-flex size-7 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-300/60 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-50';

/** One chat of the sidebar: a link with its endpoint mark, and Rename / Delete on hover, focus or touch. */
export function ConversationItem({
  conversation,
  endpointsConfig,
  active,
  onNavigate,
}: ConversationItemProps) {
  const { t } = useTranslation();
  const { conversationId, title, endpoint } = conversation;
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const rename = useRenameConversationMutation();
  const errored = useConversationErrored(active ? conversationId : undefined);

  const finishRename = (value: string | null) => {
    setEditing(false);
    const next = value?.trim();
    // Saved only when changed (docs/reference/conversations.md (Renaming)); a blank title keeps the old one.
    if (!next || next === title) return;
    rename.mutate({ conversationId, title: next, previous: title });
  };

  const rowTone = active
    ? 'bg-zinc-200/80 text-zinc-950 dark:bg-zinc-800 dark:text-zinc-50'
    : 'text-zinc-700 hover:bg-zinc-200/60 dark:text-zinc-300 dark:hover:bg-zinc-800/80';

  return (
    <li aria-label={title} data-testid="conversation-item" className="group relative">
      {editing ? (
        <RenameInput title={title} onDone={finishRename} />
      ) : (
        <Link
          to={`/c/${conversationId}`}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
          className={`flex h-9 items-center gap-2.5 rounded-lg px-2 text-sm transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600 ${rowTone} ${active ? 'pr-16' : 'group-focus-within:pr-16 group-hover:pr-16 pointer-coarse:pr-16'}`}
        >
          <span className="relative inline-flex" data-endpoint={endpoint}>
            <EndpointIcon endpoint={endpoint} config={endpointsConfig} size="sm" />
            {errored && (
              <span
                data-testid="conversation-error-badge"
                title={t('com_nav_convo_error_badge')}
                className="absolute -top-1.5 -right-1.5 flex size-3.5 items-center justify-center rounded-full bg-red-600 text-[9px] leading-none font-bold text-white ring-2 ring-zinc-50 dark:ring-zinc-900"
              >
                !<span className="sr-only"> {t('com_nav_convo_error_badge')}</span>
              </span>
            )}
          </span>
          <span className="min-w-0 flex-1 truncate" title={title}>
            {title}
          </span>
        </Link>
      )}
      {!editing && (
        <div
          className={`absolute inset-y-0 right-1 flex items-center gap-0.5 ${active ? '' : 'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 pointer-coarse:opacity-100'}`}
        >
          <button
            type="button"
            aria-label={t('com_nav_convo_rename')}
            className={actionClass}
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden="true" className="size-3.5" />
          </button>
          <button
            type="button"
            aria-label={t('com_nav_convo_delete')}
            className={actionClass}
            onClick={() => setDeleting(true)}
          >
            <Trash2 aria-hidden="true" className="size-3.5" />
          </button>
        </div>
      )}
      {deleting && (
        <Suspense fallback={null}>
          <DeleteConversation
            conversation={conversation}
            active={active}
            onClose={() => setDeleting(false)}
          />
        </Suspense>
      )}
    </li>
  );
}
