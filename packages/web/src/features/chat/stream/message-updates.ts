import type {
  ChatContentEvent,
  ChatCreatedEvent,
  ChatFinalEvent,
  ChatStreamError,
  ContentPart,
  Message,
} from '@parley/shared';

/**
 * Pure updates of a conversation's flat message list by the events of a chat stream
 * (docs/reference/chat.md (Sending a message)). Every function returns a new list (or the same one when nothing
 * changed), never mutating.
 */

/** The id of the reply placeholder shown the moment a message is sent (docs/reference/chat.md (Sending a message)). */
export const placeholderIdOf = (requestId: string): string => `${requestId}_`;

function replaceOrAppend(messages: Message[], next: Message, alsoRemove?: string): Message[] {
  let found = false;
  const out: Message[] = [];
  for (const m of messages) {
    if (m.messageId === next.messageId) {
      if (!found) out.push(next);
      found = true;
    } else if (m.messageId === alsoRemove) {
      // The placeholder takes the server's message's place (same position in the list).
      if (!found) out.push(next);
      found = true;
    } else out.push(m);
  }
  if (!found) out.push(next);
  return out;
}

function withConversationId(messages: Message[], conversationId: string): Message[] {
  return messages.some((m) => m.conversationId !== conversationId)
    ? messages.map((m) => (m.conversationId === conversationId ? m : { ...m, conversationId }))
    : messages;
}

/** created: the saved user message replaces the local one; every message takes the conversation id. */
export function applyCreated(messages: Message[], event: ChatCreatedEvent): Message[] {
  return withConversationId(replaceOrAppend(messages, event.message), event.message.conversationId);
}

/**
 * The reply's id as the server names it. The placeholder keeps its place and text but takes the server's id
 * (the server keeps the client's reply id when it is free, so this is usually a no-op).
 */
export function adoptReplyId(messages: Message[], currentId: string, serverId: string): Message[] {
  if (currentId === serverId || messages.some((m) => m.messageId === serverId)) return messages;
  return messages.map((m) => (m.messageId === currentId ? { ...m, messageId: serverId } : m));
}

/** A text delta: appended to the reply (a delta, never the whole text so far). */
export function appendText(messages: Message[], replyId: string, delta: string): Message[] {
  if (!delta) return messages;
  return messages.map((m) => (m.messageId === replyId ? { ...m, text: m.text + delta } : m));
}

/** Sets the reply's whole text (the resumed stream reconciles saved text and replayed deltas). */
export function setText(messages: Message[], replyId: string, text: string): Message[] {
  return messages.map((m) => (m.messageId === replyId && m.text !== text ? { ...m, text } : m));
}

function mergePart(current: ContentPart | undefined, event: ChatContentEvent): ContentPart {
  const { index: _i, messageId: _m, conversationId: _c, thread_id: _t, stream, ...part } = event;
  const incoming = part as ContentPart;
  if (stream && incoming.type === 'text' && current?.type === 'text') {
    return { type: 'text', text: { value: current.text.value + incoming.text.value } };
  }
  return incoming;
}

/** A typed content part (assistants, tools): set at its index, a streamed text part grows by its delta. */
export function applyContent(messages: Message[], replyId: string, event: ChatContentEvent): Message[] {
  return messages.map((m) => {
    if (m.messageId !== replyId) return m;
    const content = [...(m.content ?? [])];
    content[event.index] = mergePart(content[event.index], event);
    return { ...m, content };
  });
}

/** final: both messages become the server's versions; the placeholder gives way to the saved reply. */
export function applyFinal(messages: Message[], event: ChatFinalEvent, replyId: string): Message[] {
  const withRequest = replaceOrAppend(messages, event.requestMessage);
  const withReply = replaceOrAppend(withRequest, event.responseMessage, replyId);
  return withConversationId(withReply, event.conversation.conversationId);
}

/** Marks the reply as no longer streaming with the given flags (stop, a failed abort). */
export function markReply(messages: Message[], replyId: string, patch: Partial<Message>): Message[] {
  return messages.map((m) => (m.messageId === replyId ? { ...m, ...patch } : m));
}

export interface ErrorReplyInput {
  /** The reply being streamed (the placeholder, or the AI message a continue extends). */
  replyId: string;
  /** The user message the error answers. */
  parentMessageId: string;
  conversationId: string;
  sender: string;
  /** The error's text, raw: JSON with a type or code, or a message (mapped when shown). */
  text: string;
  now: string;
}

/**
 * An error reply (docs/reference/chat.md (Send errors)): the server's error message, under the user message, in place
 * of the placeholder. `error` is the stream's `event: error` body when there was one.
 */
export function applyErrorReply(
  messages: Message[],
  input: ErrorReplyInput,
  error?: ChatStreamError,
): Message[] {
  const current = messages.find((m) => m.messageId === input.replyId);
  const reply: Message = {
    ...(current ?? {
      isCreatedByUser: false,
      createdAt: input.now,
      unfinished: false,
    }),
    messageId: error?.messageId ?? input.replyId,
    parentMessageId: error?.parentMessageId ?? input.parentMessageId,
    conversationId: error?.conversationId ?? input.conversationId,
    sender: current?.sender ?? input.sender,
    text: input.text,
    error: true,
    unfinished: false,
    updatedAt: input.now,
  };
  const next = replaceOrAppend(messages, reply, input.replyId);
  return error?.conversationId ? withConversationId(next, error.conversationId) : next;
}
