import { use } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@parley/shared';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-client';
import { ConfirmButton } from '../../settings/components/confirm-button';
import { useSettingsDialogStore } from '../../settings/settings-dialog.store';
import { showToast } from '../../toast/toast.store';
import { archiveTexts } from '../archive-texts';
import { useArchiveConversation, useArchivedConversations } from '../archive.api';
import { sendConversationDelete } from '../conversations.api';
import { removeConversationFromCache } from '../conversations.cache';
import { shownTitle } from '../shown-title';

/**
 * Settings → Data → Archived chats (docs/reference/conversations.md (Archive)): the archived chats, newest first,
 * each restorable to the sidebar or deleted in two clicks; more with Show more.
 */
export function ArchivedChatsSection() {
  use(archiveTexts);
  const { t } = useTranslation();
  const archived = useArchivedConversations();
  const all = archived.data?.pages.flatMap((page) => page.conversations) ?? [];
  return (
    <section aria-labelledby="archived-chats-heading" className="py-3" data-testid="archived-chats">
      <h3 id="archived-chats-heading" className="text-sm text-zinc-800 dark:text-zinc-100">
        {t('com_archived_title')}
      </h3>
      <p className="mt-0.5 text-xs text-zinc-500 dark:text-zinc-400">{t('com_archived_hint')}</p>
      {archived.isError && (
        <p role="alert" className="mt-2 text-sm text-rose-700 dark:text-rose-300">
          {errorText(archived.error)}
        </p>
      )}
      {archived.isSuccess && all.length === 0 && (
        <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-300">{t('com_archived_empty')}</p>
      )}
      {all.length > 0 && (
        <ul className="mt-2 divide-y divide-zinc-100 dark:divide-zinc-800">
          {all.map((conversation) => (
            <ArchivedRow key={conversation.conversationId} conversation={conversation} />
          ))}
        </ul>
      )}
      {archived.hasNextPage && (
        <Button
          variant="ghost"
          className="mt-1 h-9"
          disabled={archived.isFetchingNextPage}
          onClick={() => void archived.fetchNextPage()}
        >
          {t('com_archived_more')}
        </Button>
      )}
    </section>
  );
}

function ArchivedRow({ conversation }: { conversation: Conversation }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const restore = useArchiveConversation();
  const close = useSettingsDialogStore((s) => s.close);
  const title = shownTitle(conversation.title, t('com_nav_new_chat'));
  const date = new Date(conversation.updatedAt).toLocaleDateString(i18n.language, { dateStyle: 'medium' });
  const remove = async () => {
    try {
      await sendConversationDelete(conversation, false);
      removeConversationFromCache(client, conversation.conversationId);
      showToast({ message: t('com_archived_deleted'), severity: 'success' });
    } catch (error) {
      showToast({ message: errorText(error), severity: 'error' });
    }
    void client.invalidateQueries({ queryKey: queryKeys.conversations });
    void client.invalidateQueries({ queryKey: queryKeys.searches });
  };
  return (
    <li
      className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2"
      data-testid="archived-chat"
      data-conversation-id={conversation.conversationId}
    >
      <div className="min-w-0 flex-1">
        <Link
          to={`/c/${conversation.conversationId}`}
          onClick={close}
          className="block truncate rounded text-sm font-medium text-teal-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-teal-300"
        >
          {title}
        </Link>
        <p className="text-xs text-zinc-500 dark:text-zinc-400">{t('com_archived_updated', { date })}</p>
      </div>
      <div className="flex items-center gap-1">
        <Button
          variant="ghost"
          className="h-9"
          data-testid="archived-chat-restore"
          disabled={restore.isPending}
          onClick={() =>
            // The promise, not mutate's callbacks: the row leaves the list once it is restored.
            void restore.mutateAsync({ conversationId: conversation.conversationId, isArchived: false }).then(
              () => showToast({ message: t('com_archived_restored', { title }), severity: 'success' }),
              (error: unknown) => showToast({ message: errorText(error), severity: 'error' }),
            )
          }
        >
          {t('com_archived_restore')}
        </Button>
        <ConfirmButton
          testId="archived-chat-delete"
          label={t('com_archived_delete')}
          confirmLabel={t('com_archived_delete_confirm')}
          pending={false}
          onConfirm={() => void remove()}
        />
      </div>
    </li>
  );
}
