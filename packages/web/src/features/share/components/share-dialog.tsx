import { use } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Copy, LoaderCircle, RefreshCw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Conversation, Message } from '@parley/shared';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Spinner } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { errorText } from '../../../lib/api-error';
import { queryKeys } from '../../../lib/query-client';
import { useConversationStore } from '../../chat/conversation.store';
import { useSiblingSelectionStore } from '../../chat/sibling-selection.store';
import { copyText } from '../../../lib/clipboard';
import { ConfirmButton } from '../../settings/components/confirm-button';
import { showToast } from '../../toast/toast.store';
import { shownTitle } from '../../conversations/shown-title';
import { shareTexts } from '../share-texts';
import { useCreateShare, useDeleteShare, useRenewShare, useShareOfConversation } from '../share.api';
import { shareTarget } from '../share-target';
import { shareUrl } from '../share-url';

interface ShareDialogProps {
  conversation: Conversation;
  onClose: () => void;
}

/**
 * Share link (docs/reference/sharing.md (In the web)): makes a link to the conversation and copies it; when it has one
 * already, shows it with Copy, Update (a fresh copy under a new address) and Delete.
 */
export function ShareDialog({ conversation, onClose }: ShareDialogProps) {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(shareTexts);
  const { t } = useTranslation();
  const { conversationId } = conversation;
  const link = useShareOfConversation(conversationId);
  const shareId = link.data?.shareId ?? null;
  return (
    <DialogFrame
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('com_share_title')}
      description={shownTitle(conversation.title, t('com_nav_new_chat'))}
      testId="share-dialog"
    >
      <div className="flex flex-col gap-4 px-5 py-4">
        {link.isPending ? (
          <Spinner />
        ) : link.isError ? (
          <p role="alert" className="text-sm text-rose-700 dark:text-rose-300">
            {errorText(link.error)}
          </p>
        ) : shareId ? (
          <ExistingLink conversationId={conversationId} shareId={shareId} />
        ) : (
          <NewLink conversationId={conversationId} />
        )}
      </div>
    </DialogFrame>
  );
}

async function copyLink(shareId: string, copied: string, failed: string) {
  const ok = await copyText(shareUrl(shareId));
  showToast({ message: ok ? copied : failed, severity: ok ? 'success' : 'error' });
}

function NewLink({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const create = useCreateShare();
  const run = () => {
    // The open conversation is shared as it is on screen; any other as the web shows it when it opens.
    const open = useConversationStore.getState().conversationId === conversationId;
    const messages = open ? client.getQueryData<Message[]>(queryKeys.messages(conversationId)) : undefined;
    const selection = useSiblingSelectionStore.getState().byConversation[conversationId] ?? {};
    const targetMessageId = shareTarget(messages, selection);
    create.mutate(
      { conversationId, ...(targetMessageId ? { targetMessageId } : {}) },
      {
        onSuccess: ({ shareId }) => void copyLink(shareId, t('com_share_copied'), t('com_share_copy_failed')),
        onError: (error) => showToast({ message: errorText(error), severity: 'error' }),
      },
    );
  };
  return (
    <>
      <p className="text-sm leading-6 text-zinc-600 dark:text-zinc-300">{t('com_share_create_info')}</p>
      <Button data-testid="share-create" onClick={run} disabled={create.isPending} className="self-end">
        {create.isPending && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
        {t('com_share_create')}
      </Button>
    </>
  );
}

function ExistingLink({ conversationId, shareId }: { conversationId: string; shareId: string }) {
  const { t } = useTranslation();
  const renew = useRenewShare();
  const remove = useDeleteShare();
  const busy = renew.isPending || remove.isPending;
  const onError = (error: unknown) => showToast({ message: errorText(error), severity: 'error' });
  return (
    <>
      <p className="text-sm leading-6 text-zinc-600 dark:text-zinc-300">{t('com_share_existing_info')}</p>
      <TextField
        label={t('com_share_link_label')}
        data-testid="share-url"
        readOnly
        value={shareUrl(shareId)}
        onFocus={(e) => e.currentTarget.select()}
      />
      <div className="flex flex-wrap items-center justify-end gap-2">
        {/* The destructive one apart, at the start. */}
        <div className="me-auto">
          <ConfirmButton
            testId="share-delete"
            label={t('com_share_delete')}
            confirmLabel={t('com_share_delete_confirm')}
            pending={remove.isPending}
            onConfirm={() =>
              remove.mutate(
                { shareId, conversationId },
                {
                  onSuccess: () => showToast({ message: t('com_share_deleted'), severity: 'success' }),
                  onError,
                },
              )
            }
          />
        </div>
        <Button
          variant="secondary"
          data-testid="share-renew"
          disabled={busy}
          onClick={() =>
            renew.mutate(shareId, {
              onSuccess: (renewed) =>
                void copyLink(renewed.shareId, t('com_share_updated'), t('com_share_copy_failed')),
              onError,
            })
          }
        >
          <RefreshCw className={`size-4 ${renew.isPending ? 'animate-spin' : ''}`} aria-hidden="true" />
          {t('com_share_update')}
        </Button>
        <Button
          data-testid="share-copy"
          disabled={busy}
          onClick={() => void copyLink(shareId, t('com_share_copied'), t('com_share_copy_failed'))}
        >
          <Copy className="size-4" aria-hidden="true" />
          {t('com_share_copy')}
        </Button>
      </div>
    </>
  );
}
