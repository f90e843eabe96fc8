import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { NIL_UUID, type Message } from '@parley/shared';
import { errorText } from '../../../lib/api-error';
import { useEndpointsQuery } from '../../endpoints/endpoints.api';
import { assistantsQueryOptions } from '../../assistants/assistants.api';
import { queryClient } from '../../../lib/query-client';
import { preloadMarkdown } from '../../markdown/components/markdown';
import { showToast } from '../../toast/toast.store';
import { messagesCache, NEW_CONVERSATION, saveMessageText, SEARCH_CONVERSATION } from '../chat.api';
import { detach, stop, submit } from '../chat-session';
import { useChatStreamStore } from '../chat-stream.store';
import { useConversationStore } from '../conversation.store';
import { visibleBranch } from '../message-tree';
import { useSiblingSelectionStore } from '../sibling-selection.store';
import { newId, senderLabel } from '../stream/ids';
import { isLocalOnly } from '../stream/message-updates';
import {
  askSubmission,
  continueSubmission,
  editUserSubmission,
  regenerateSubmission,
  type MessageFile,
  type Submission,
  type SubmissionContext,
} from '../stream/submission';

export interface ChatActions {
  /** Sends the text (and files); false when ignored (a request in progress, blank text, no endpoint, search). */
  send: (text: string, files?: MessageFile[]) => boolean;
  regenerate: (message: Message) => void;
  continue: (message: Message) => void;
  /** Edits a message: resubmitted (`submit`) or only saved. */
  edit: (message: Message, text: string, submit: boolean) => void;
  stop: () => void;
  detach: () => void;
}

/** The chat's actions on the conversation on screen, as the input and the message actions use them. */
export function useChatActions(): ChatActions {
  const { t } = useTranslation();
  const { data: endpoints } = useEndpointsQuery();

  return useMemo(() => {
    const context = (): SubmissionContext | null => {
      const { conversationId, setup } = useConversationStore.getState();
      if (conversationId === SEARCH_CONVERSATION) {
        console.warn('cannot send any message under search view!');
        return null;
      }
      if (!setup.endpoint) {
        console.warn('No endpoint available');
        return null;
      }
      return {
        conversationId,
        setup,
        messages: messagesCache.get(conversationId),
        requestId: newId(),
        sender: senderLabel(setup, endpoints, queryClient.getQueryData(assistantsQueryOptions.queryKey)),
      };
    };
    const start = (submission: Submission | null, ctx: SubmissionContext) => {
      if (!submission || useChatStreamStore.getState().submitting) return false;
      // The reply renders as markdown: fetch the renderer now, not when its first text arrives.
      preloadMarkdown();
      void submit(submission, ctx.setup.endpoint ?? '');
      return true;
    };
    const latestMessageId = (ctx: SubmissionContext) => {
      const selection = useSiblingSelectionStore.getState().byConversation[ctx.conversationId];
      // A new message branches from the latest message, errored or unfinished too, but not from a refused send's
      // messages, which the server never saved (docs/decisions.md (A refused send is never a parent)).
      const saved = visibleBranch(ctx.messages, selection).filter((node) => !isLocalOnly(node.message));
      return saved.at(-1)?.message.messageId ?? NIL_UUID;
    };
    // In an unsaved conversation (a send the server refused) there is nothing to branch from: ask afresh.
    const unsaved = (ctx: SubmissionContext) => ctx.conversationId === NEW_CONVERSATION;

    return {
      send(text, files) {
        const trimmed = text.trim();
        const ctx = trimmed ? context() : null;
        return ctx ? start(askSubmission(ctx, trimmed, latestMessageId(ctx), files), ctx) : false;
      },
      regenerate(message) {
        const ctx = context();
        if (!ctx) return;
        const user = ctx.messages.find((m) => m.messageId === message.parentMessageId);
        if (unsaved(ctx) && user) start(askSubmission(ctx, user.text, NIL_UUID, user.files ?? []), ctx);
        else start(regenerateSubmission(ctx, message), ctx);
      },
      continue(message) {
        const ctx = context();
        if (!ctx) return;
        if (unsaved(ctx)) {
          console.warn('cannot continue AI message without latestMessage!');
          return;
        }
        start(continueSubmission(ctx, message), ctx);
      },
      edit(message, text, resubmit) {
        const ctx = context();
        if (!ctx) return;
        if (!resubmit) {
          saveMessageText(message, text)
            .then((saved) =>
              messagesCache.update(saved.conversationId, (list) =>
                list.map((m) => (m.messageId === saved.messageId ? saved : m)),
              ),
            )
            .catch((error: unknown) =>
              showToast({ message: errorText(error) || t('com_ui_chat_save_failed'), severity: 'error' }),
            );
          return;
        }
        if (message.isCreatedByUser) {
          const trimmed = text.trim();
          if (!trimmed) return;
          const submission = unsaved(ctx)
            ? askSubmission(ctx, trimmed, NIL_UUID, message.files ?? [])
            : editUserSubmission(ctx, message, trimmed);
          start(submission, ctx);
        } else start(continueSubmission(ctx, message, text), ctx);
      },
      stop: () => void stop(),
      detach,
    };
  }, [endpoints, t]);
}
