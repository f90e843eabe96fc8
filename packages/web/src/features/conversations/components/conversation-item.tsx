import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Archive, Pencil, Share2, Trash2 } from 'lucide-react';
import type { Conversation, EndpointsConfig } from '@parley/shared';
import { useStartupConfig } from '../../config/config.api';
import { useConversationErrored } from '../hooks/use-conversation-errored';
import { useRenameConversationMutation } from '../conversations.api';
import { useArchiveConversation } from '../archive.api';
import { showToast } from '../../toast/toast.store';
import { rowKeyTarget } from '../list-keys';
import { EndpointIcon } from '../../endpoints/components/endpoint-icon';
import { RenameInput } from './rename-input';
import { shownTitle } from '../shown-title';

// The confirmation dialog loads on the first delete, the share dialog on the first share (kept out of the initial
// JavaScript of /c/new).
const DeleteConversation = lazy(async () => ({
  default: (await import('./delete-conversation')).DeleteConversation,
}));
const ShareDialog = lazy(async () => ({
  default: (await import('../../share/components/share-dialog')).ShareDialog,
}));

interface ConversationItemProps {
  conversation: Conversation;
  /** For endpoints configured with their own icon (iconURL). */
  endpointsConfig: EndpointsConfig | undefined;
  active: boolean;
  /** This row's link is the list's one tab stop (the others are reached with the arrow keys). */
  tabStop: boolean;
  onNavigate: () => void;
}

// 24 px buttons (the WCAG 2.2 target size) with a mouse, so four fit at the row's end and its middle stays the link;
// 28 px where the pointer is a finger.
const actionClass =
  'inline-flex size-6 pointer-coarse:size-7 items-center justify-center rounded-md text-zinc-500 hover:bg-zinc-300/60 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-zinc-400 dark:hover:bg-zinc-700 dark:hover:text-zinc-50';

/**
 * One chat of the sidebar: a link with its endpoint mark, and Rename / Share / Archive / Delete on hover, focus or touch
 * (Share while the operator allows links: docs/reference/sharing.md (In the web); Archive:
 * docs/reference/conversations.md (Archive)). By keyboard
 * (docs/reference/settings-and-ui.md (Keyboard in the conversation list)) the buttons are outside the tab order:
 * ArrowRight and ArrowLeft move between the link and them, F2 renames and Delete deletes.
 */
export function ConversationItem({
  conversation,
  endpointsConfig,
  active,
  tabStop,
  onNavigate,
}: ConversationItemProps) {
  const { t } = useTranslation();
  const { conversationId, title: stored, endpoint } = conversation;
  // What the user reads (and renames from): the untitled default in their language.
  const title = shownTitle(stored, t('com_nav_new_chat'));
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [sharing, setSharing] = useState(false);
  const canShare = useStartupConfig().config.sharedLinksEnabled;
  const rename = useRenameConversationMutation();
  const archive = useArchiveConversation();
  const navigate = useNavigate();
  const archiveNow = () => {
    if (active) void navigate('/c/new');
    // The promise, not mutate's callbacks: the row unmounts as the chat leaves the list, and those would not run.
    archive.mutateAsync({ conversationId, isArchived: true }).then(
      () => showToast({ message: t('com_nav_convo_archived', { title }), severity: 'success' }),
      () => showToast({ message: t('com_nav_convo_archive_error'), severity: 'error' }),
    );
  };
  const errored = useConversationErrored(active ? conversationId : undefined);
  const link = useRef<HTMLAnchorElement>(null);
  const refocus = useRef(false);

  // After renaming by Enter or Escape the field is gone and the focus with it: back to the row's link (not when
  // the user clicked elsewhere to leave the field).
  useEffect(() => {
    if (editing || !refocus.current) return;
    refocus.current = false;
    if (!document.activeElement || document.activeElement === document.body) link.current?.focus();
  }, [editing]);

  const finishRename = (value: string | null) => {
    refocus.current = true;
    setEditing(false);
    const next = value?.trim();
    // Saved only when changed (docs/reference/conversations.md (Renaming)); a blank title keeps the old one.
    if (!next || next === title) return;
    rename.mutate({ conversationId, title: next, previous: stored });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLLIElement>) => {
    // Only keys from this row's own link and buttons: not the rename field, nor a dialog opened from the row.
    const target = e.target as HTMLElement;
    if (editing || !e.currentTarget.contains(target) || target.closest('input')) return;
    if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
    if (e.key === 'F2' || e.key === 'Delete') {
      e.preventDefault();
      if (e.key === 'F2') setEditing(true);
      else setDeleting(true);
      return;
    }
    const controls = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('a, button'));
    const at = controls.indexOf(target);
    const next = at < 0 ? null : rowKeyTarget(controls.length, at, e.key);
    if (next === null) return;
    e.preventDefault();
    controls[next]!.focus();
  };

  // Room for the buttons over the row's end while they show (four with Share, else three; larger on touch).
  const room = canShare
    ? active
      ? 'pe-28 pointer-coarse:pe-32'
      : 'group-focus-within:pe-28 group-hover:pe-28 pointer-coarse:pe-32'
    : active
      ? 'pe-20 pointer-coarse:pe-24'
      : 'group-focus-within:pe-20 group-hover:pe-20 pointer-coarse:pe-24';
  const rowTone = active
    ? 'bg-zinc-200/80 text-zinc-950 dark:bg-zinc-800 dark:text-zinc-50'
    : 'text-zinc-700 hover:bg-zinc-200/60 dark:text-zinc-300 dark:hover:bg-zinc-800/80';

  return (
    <li
      aria-label={title}
      data-testid="conversation-item"
      data-conversation-id={conversationId}
      onKeyDown={onKeyDown}
      className="group relative"
    >
      {editing ? (
        <RenameInput title={title} onDone={finishRename} />
      ) : (
        <Link
          ref={link}
          to={`/c/${conversationId}`}
          tabIndex={tabStop ? 0 : -1}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
          className={`flex h-9 scroll-mt-8 scroll-mb-2 items-center gap-2.5 rounded-lg px-2 text-sm transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600 ${rowTone} ${room}`}
        >
          <span className="relative inline-flex" data-endpoint={endpoint}>
            <EndpointIcon endpoint={endpoint} config={endpointsConfig} size="sm" />
            {errored && (
              <span
                data-testid="conversation-error-badge"
                title={t('com_nav_convo_error_badge')}
                className="absolute -top-1.5 -end-1.5 flex size-3.5 items-center justify-center rounded-full bg-red-600 text-[9px] leading-none font-bold text-white ring-2 ring-zinc-50 dark:ring-zinc-900"
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
          className={`absolute inset-y-0 end-1 flex items-center gap-px ${active ? '' : 'opacity-0 group-focus-within:opacity-100 group-hover:opacity-100 pointer-coarse:opacity-100'}`}
        >
          <button
            type="button"
            aria-label={t('com_nav_convo_rename')}
            aria-keyshortcuts="F2"
            tabIndex={-1}
            className={actionClass}
            onClick={() => setEditing(true)}
          >
            <Pencil aria-hidden="true" className="size-3.5" />
          </button>
          {canShare && (
            <button
              type="button"
              aria-label={t('com_share_button')}
              data-testid="share-conversation"
              tabIndex={-1}
              className={actionClass}
              onClick={() => setSharing(true)}
            >
              <Share2 aria-hidden="true" className="size-3.5" />
            </button>
          )}
          <button
            type="button"
            aria-label={t('com_nav_convo_archive')}
            data-testid="archive-conversation"
            tabIndex={-1}
            className={actionClass}
            onClick={archiveNow}
          >
            <Archive aria-hidden="true" className="size-3.5" />
          </button>
          <button
            type="button"
            aria-label={t('com_nav_convo_delete')}
            aria-keyshortcuts="Delete"
            tabIndex={-1}
            className={actionClass}
            onClick={() => setDeleting(true)}
          >
            <Trash2 aria-hidden="true" className="size-3.5" />
          </button>
        </div>
      )}
      {sharing && (
        <Suspense fallback={null}>
          <ShareDialog conversation={conversation} onClose={() => setSharing(false)} />
        </Suspense>
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
