import type { ChatFinalEvent, ChatStreamError, Message } from '@parley/shared';
import { CLIENT_ERROR_TYPES, clientErrorText } from '../send-error';
import type { ChatEvent } from './chat-events';
import {
  adoptReplyId,
  appendText,
  applyContent,
  applyCreated,
  applyErrorReply,
  applyFinal,
  markLocalOnly,
  setText,
} from './message-updates';
import { createResumeText, type ResumeText } from './resume-text';

/** Where message lists live, by conversation id (the query cache in the app, a Map in tests). */
export interface MessageLists {
  get(conversationId: string): Message[];
  set(conversationId: string, messages: Message[]): void;
}

export interface ReplyTarget {
  conversationId: string;
  /** The message the text goes into (the placeholder, the AI message being continued or resumed). */
  replyId: string;
  /** The user message the reply answers (parent of an error reply). */
  userMessageId: string;
  sender: string;
  /** Re-attached after a reload: the saved text is reconciled with the replayed deltas. */
  resumed?: boolean;
}

export type StreamStep = 'continue' | 'final' | 'error';

/**
 * Applies one chat stream's events to the message lists: the state of a single reply in flight. It follows the
 * conversation from 'new' to its real id (moving the list) and the reply from the placeholder to the server's
 * id, so callers only feed it events and read where things ended up.
 */
export function createReplyStream(
  lists: MessageLists,
  target: ReplyTarget,
  now = () => new Date().toISOString(),
) {
  let { conversationId, replyId } = target;
  let resume: ResumeText | null = null;
  let final: ChatFinalEvent | null = null;
  let error: ChatStreamError | null = null;

  const update = (change: (messages: Message[]) => Message[]) => {
    lists.set(conversationId, change(lists.get(conversationId)));
  };

  /** A new conversation got its id: its list moves under that id. */
  const moveTo = (nextId: string) => {
    if (nextId === conversationId) return;
    const messages = lists.get(conversationId);
    lists.set(conversationId, []);
    conversationId = nextId;
    lists.set(nextId, messages);
  };

  const followReply = (serverId: string) => {
    if (!serverId || serverId === replyId) return;
    update((messages) => adoptReplyId(messages, replyId, serverId));
    replyId = serverId;
  };

  // A delta without messageId goes into the same message as the one before ('': unchanged).
  const onText = (delta: string, messageId = '') => {
    if (target.resumed && !resume) {
      // The running reply may not be the one guessed from the saved list: follow the server's id.
      if (messageId && lists.get(conversationId).some((m) => m.messageId === messageId)) replyId = messageId;
      const saved = lists.get(conversationId).find((m) => m.messageId === replyId)?.text ?? '';
      resume = createResumeText(saved);
    }
    if (!target.resumed) followReply(messageId);
    if (resume) {
      const text = resume.push(delta);
      update((messages) => setText(messages, replyId, text));
    } else update((messages) => appendText(messages, replyId, delta));
  };

  const fail = (text: string, payload?: ChatStreamError) => {
    const input = {
      // The provider failed after some text: it stays (docs/decisions.md (A failure mid-stream keeps the partial reply)).
      keepPartial: Boolean(payload),
      replyId,
      parentMessageId: target.userMessageId,
      conversationId,
      sender: target.sender,
      text,
      now: now(),
    };
    update((messages) => applyErrorReply(messages, input, payload));
    if (payload?.messageId) replyId = payload.messageId;
    if (payload?.conversationId) moveTo(payload.conversationId);
  };

  return {
    get conversationId() {
      return conversationId;
    },
    get replyId() {
      return replyId;
    },
    get final() {
      return final;
    },
    get error() {
      return error;
    },
    /** The reply's text as shown now. */
    replyText(): string {
      return lists.get(conversationId).find((m) => m.messageId === replyId)?.text ?? '';
    },
    apply(event: ChatEvent): StreamStep {
      switch (event.kind) {
        case 'created':
          moveTo(event.event.message.conversationId);
          update((messages) => applyCreated(messages, event.event));
          return 'continue';
        case 'text':
          onText(event.event.text, event.event.messageId);
          return 'continue';
        case 'content':
          followReply(event.event.messageId);
          update((messages) => applyContent(messages, replyId, event.event));
          return 'continue';
        case 'final':
          return this.finalise(event.event);
        case 'error':
          error = event.event;
          fail(event.event.text, event.event);
          return 'error';
        default:
          return 'continue';
      }
    },
    /** The server's final versions replace the reply (a final event, or the answer of an abort). */
    finalise(event: ChatFinalEvent): StreamStep {
      final = event;
      moveTo(event.conversation.conversationId);
      update((messages) => applyFinal(messages, event, replyId));
      replyId = event.responseMessage.messageId;
      return 'final';
    },
    /** A failure without a payload (a refused request, a cut stream). */
    fail(text: string): void {
      error = { text };
      fail(text);
    },
    /**
     * The server refused the send and saved nothing: the error shows, and the reply (and the question, when this
     * send made it) are marked never saved, so that the next send does not branch from them.
     */
    refuse(text: string, questionIsNew: boolean): void {
      this.fail(text);
      const ids = questionIsNew ? [replyId, target.userMessageId] : [replyId];
      const at = now();
      update((messages) => markLocalOnly(messages, ids, at));
    },
    /** The stream failed with no data: 'Error connecting to server' (docs/reference/chat.md (Send errors)). */
    failToConnect(): void {
      this.fail(clientErrorText(CLIENT_ERROR_TYPES.connection));
    },
    /** Marks the reply (stop with a kept partial text). */
    patchReply(patch: Partial<Message>): void {
      update((messages) => messages.map((m) => (m.messageId === replyId ? { ...m, ...patch } : m)));
    },
  };
}

export type ReplyStream = ReturnType<typeof createReplyStream>;
