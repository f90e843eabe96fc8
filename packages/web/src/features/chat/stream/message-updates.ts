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

/**
 * A tool step's text before it: the server sends a reply's text as deltas and only its steps as parts, and sends all
 * the text written before a step ahead of it. So when a step arrives after a hole (the text part the server keeps
 * there), the reply's text not yet in a text part is that part: it fills the hole, and the reply shows the text
 * before the step, not after it (reply-blocks.ts).
 */
function fillTextBefore(content: ContentPart[], index: number, text: string): void {
  if (index === 0 || content[index - 1] !== undefined) return;
  const covered = content.reduce((n, part) => n + (part?.type === 'text' ? part.text.value.length : 0), 0);
  const before = text.slice(covered);
  if (before) content[index - 1] = { type: 'text', text: { value: before } };
}

/** A typed content part (assistants, tools): set at its index, a streamed text part grows by its delta. */
export function applyContent(messages: Message[], replyId: string, event: ChatContentEvent): Message[] {
  return messages.map((m) => {
    if (m.messageId !== replyId) return m;
    const content = [...(m.content ?? [])];
    if (event.type !== 'text') fillTextBefore(content, event.index, m.text);
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

/**
 * A message as the page holds it. A reply that failed mid-stream keeps its partial text, and the error it got
 * stays beside it in `errorText` until the list is loaded again (the server saves only the text).
 */
export type ShownMessage = Message & {
  errorText?: string;
  /** Shown but never saved: the question and error of a send the server refused. */
  localOnly?: boolean;
};

/** The error that cut a partial reply, when the page saw it arrive. */
export const errorTextOf = (message: Message): string | undefined => (message as ShownMessage).errorText;

/** Whether the server never saved the message (a refused send): nothing can branch from it. */
export const isLocalOnly = (message: Message): boolean => (message as ShownMessage).localOnly === true;

/**
 * Marks messages as shown but never saved (a refused send). They are settled now: they take a date, so that a later
 * sibling sorts after them (a message without a date sorts last).
 */
export function markLocalOnly(messages: Message[], ids: readonly string[], now: string): Message[] {
  return messages.map((m): ShownMessage =>
    ids.includes(m.messageId) ? { ...m, createdAt: m.createdAt || now, localOnly: true } : m,
  );
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
  /** A provider failure after some text: the text received is kept, marked unfinished, with the error beside it. */
  keepPartial?: boolean;
}

/**
 * An error reply (docs/reference/chat.md (Send errors)): the server's error message, under the user message, in place
 * of the placeholder. `error` is the stream's `event: error` body when there was one. With `keepPartial`, a reply
 * that already holds text keeps it (`unfinished`, as the server saves it) and the error goes beside it
 * (docs/decisions.md (A failure mid-stream keeps the partial reply)).
 */
export function applyErrorReply(
  messages: Message[],
  input: ErrorReplyInput,
  error?: ChatStreamError,
): Message[] {
  const current = messages.find((m) => m.messageId === input.replyId);
  const partial = Boolean(input.keepPartial && current?.text.trim());
  const reply: ShownMessage = {
    ...(current ?? {
      isCreatedByUser: false,
      createdAt: input.now,
      unfinished: false,
    }),
    messageId: error?.messageId ?? input.replyId,
    parentMessageId: error?.parentMessageId ?? input.parentMessageId,
    conversationId: error?.conversationId ?? input.conversationId,
    sender: current?.sender ?? input.sender,
    text: partial && current ? current.text : input.text,
    error: true,
    unfinished: partial,
    updatedAt: input.now,
  };
  if (partial) reply.errorText = input.text;
  else delete reply.errorText;
  const next = replaceOrAppend(messages, reply, input.replyId);
  return error?.conversationId ? withConversationId(next, error.conversationId) : next;
}
