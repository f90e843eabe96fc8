import { NIL_UUID, type AskPayload, type AssistantChatPayload, type Message } from '@parley/shared';
import type { ConversationSetup } from '../conversation.store';
import { placeholderIdOf, type ShownMessage } from './message-updates';

/**
 * What one send puts on the wire and on screen
 * (docs/reference/chat.md (Sending a message; Regenerate, continue and edit)): the call (ask, or edit for regenerate,
 * continue and edits) and its endpoint, the payload, the messages shown at once, and which message the stream writes
 * into. Pure, so every kind of send is unit-tested.
 */
export type Submission = SubmissionCall & {
  /** The endpoint the call goes to (its path parameter on the ask path; `assistants` on the assistants path). */
  endpoint: string;
  /** The conversation the send belongs to ('new' until the server names it). */
  conversationId: string;
  /** The message list to show the moment the send starts. */
  messages: Message[];
  /** The message the reply text goes into: the placeholder, or the AI message a continue extends. */
  replyId: string;
  /** The user message the reply answers. */
  userMessageId: string;
  /** The reply's sender label, for the placeholder and a client-side error reply. */
  sender: string;
};

/**
 * The route table's call and its body: `ask`, or `edit` for regenerate, continue and edits; in a chat with an
 * assistant, `assistantChat` and `assistantChatModify` (docs/reference/assistants.md (Chatting with an assistant)).
 */
export type SubmissionCall =
  | { route: 'ask' | 'edit'; payload: AskPayload }
  | { route: 'assistantChat' | 'assistantChatModify'; payload: AssistantChatPayload };

export interface SubmissionContext {
  conversationId: string;
  setup: ConversationSetup;
  /** The conversation's messages (ignored for 'new': its history is reset). */
  messages: Message[];
  /** A fresh id for this request (the new user message's id; the placeholder is `id_`). */
  requestId: string;
  /** The reply's label (model label, else the endpoint's display label). */
  sender: string;
}

const isNew = (id: string) => id === 'new';

/** The endpoint options of the setup, as the payload carries them (the endpoint is in the path). */
function options(setup: ConversationSetup): Omit<AskPayload, 'text' | 'parentMessageId'> {
  const { endpoint: _endpoint, ...rest } = setup;
  return rest;
}

/** The endpoint whose chats talk to an assistant (docs/reference/assistants.md (Chatting with an assistant)). */
export const ASSISTANTS_ENDPOINT = 'assistants';

/**
 * Where a send goes: the ask path (`ask`, or `edit`), or, on the assistants endpoint with an assistant chosen, the
 * assistants path with the assistant's id and, in a saved conversation, its thread (a new one gets its thread from
 * the first reply). The assistants path takes the same edit forms on `/modify` (the server's send-intent.ts).
 */
function routed(ctx: SubmissionContext, route: 'ask' | 'edit', payload: AskPayload): SubmissionCall {
  const { endpoint, assistant_id: assistantId } = ctx.setup;
  if (endpoint !== ASSISTANTS_ENDPOINT || !assistantId) return { route, payload };
  const { thread_id: threadId, assistant_id: _id, ...rest } = payload;
  return {
    route: route === 'ask' ? 'assistantChat' : 'assistantChatModify',
    payload: {
      ...rest,
      assistant_id: assistantId,
      ...(threadId && !isNew(ctx.conversationId) ? { thread_id: threadId } : {}),
    },
  };
}

/** A file sent with a message (docs/reference/messages.md (Message fields)). */
export type MessageFile = NonNullable<Message['files']>[number];

function userMessage(
  ctx: SubmissionContext,
  text: string,
  parentMessageId: string,
  files: MessageFile[] = [],
): Message {
  return {
    messageId: ctx.requestId,
    conversationId: ctx.conversationId,
    parentMessageId,
    sender: ctx.setup.userLabel ?? 'User',
    text,
    isCreatedByUser: true,
    endpoint: ctx.setup.endpoint ?? undefined,
    model: ctx.setup.model ?? undefined,
    error: false,
    unfinished: false,
    ...(files.length > 0 ? { files } : {}),
    // No date: the tree sorts an undated message last among its siblings, as the newest (message-tree.ts).
    createdAt: '',
    updatedAt: '',
  };
}

function placeholder(ctx: SubmissionContext, parentMessageId: string): Message {
  return {
    messageId: placeholderIdOf(ctx.requestId),
    conversationId: ctx.conversationId,
    parentMessageId,
    sender: ctx.sender,
    text: '',
    isCreatedByUser: false,
    endpoint: ctx.setup.endpoint ?? undefined,
    model: ctx.setup.model ?? undefined,
    error: false,
    unfinished: false,
    createdAt: '',
    updatedAt: '',
  };
}

/**
 * A new message under `parentMessageId` (the latest message on screen, else the root), with the uploaded files
 * of the message box: in the payload and, at once, on the message shown.
 */
export function askSubmission(
  ctx: SubmissionContext,
  text: string,
  parentMessageId: string,
  files: MessageFile[] = [],
): Submission {
  const fresh = isNew(ctx.conversationId);
  const parent = fresh ? NIL_UUID : parentMessageId;
  const user = userMessage(ctx, text, parent, files);
  const reply = placeholder(ctx, user.messageId);
  return {
    ...routed(ctx, 'ask', {
      ...options(ctx.setup),
      text,
      parentMessageId: parent,
      conversationId: fresh ? null : ctx.conversationId,
      messageId: user.messageId,
      responseMessageId: reply.messageId,
      ...(files.length > 0 ? { files } : {}),
    }),
    endpoint: ctx.setup.endpoint ?? '',
    conversationId: ctx.conversationId,
    messages: [...(fresh ? [] : ctx.messages), user, reply],
    replyId: reply.messageId,
    userMessageId: user.messageId,
    sender: ctx.sender,
  };
}

/**
 * A user message edited and resubmitted: a new sibling of it, with a new reply (the edit path). Its files go
 * with it: the edit changes the words, not what was attached.
 */
export function editUserSubmission(ctx: SubmissionContext, edited: Message, text: string): Submission {
  const files = edited.files ?? [];
  const user = userMessage(ctx, text, edited.parentMessageId, files);
  const reply = placeholder(ctx, user.messageId);
  return {
    ...routed(ctx, 'edit', {
      ...options(ctx.setup),
      text,
      parentMessageId: edited.parentMessageId,
      conversationId: ctx.conversationId,
      messageId: user.messageId,
      responseMessageId: reply.messageId,
      isEdited: true,
      editedMessageId: edited.messageId,
      editedText: text,
      ...(files.length > 0 ? { files } : {}),
    }),
    endpoint: ctx.setup.endpoint ?? '',
    conversationId: ctx.conversationId,
    messages: [...ctx.messages, user, reply],
    replyId: reply.messageId,
    userMessageId: user.messageId,
    sender: ctx.sender,
  };
}

/** Regenerate: the parent user message is resent; a new reply sibling appears under it. */
export function regenerateSubmission(ctx: SubmissionContext, reply: Message): Submission | null {
  const user = ctx.messages.find((m) => m.messageId === reply.parentMessageId);
  if (!user) return null;
  const next = placeholder(ctx, user.messageId);
  return {
    ...routed(ctx, 'edit', {
      ...options(ctx.setup),
      text: user.text,
      parentMessageId: user.messageId,
      conversationId: ctx.conversationId,
      isRegenerate: true,
      responseMessageId: next.messageId,
    }),
    endpoint: ctx.setup.endpoint ?? '',
    conversationId: ctx.conversationId,
    messages: [...ctx.messages, next],
    replyId: next.messageId,
    userMessageId: user.messageId,
    sender: reply.sender || ctx.sender,
  };
}

function resumedReply(message: Message, text: string): Message {
  const { errorText: _error, ...rest } = message as ShownMessage;
  return { ...rest, text, error: false };
}

/**
 * Continue: the AI message is resubmitted as continued and the new text is appended to it. With `editedText`
 * it is first set to that text (an AI message edited in place and resubmitted).
 */
export function continueSubmission(ctx: SubmissionContext, reply: Message, editedText?: string): Submission {
  const edited = editedText !== undefined;
  return {
    ...routed(ctx, 'edit', {
      ...options(ctx.setup),
      text: '',
      parentMessageId: reply.parentMessageId,
      conversationId: ctx.conversationId,
      isContinued: true,
      responseMessageId: reply.messageId,
      ...(edited ? { isEdited: true, editedMessageId: reply.messageId, editedText } : {}),
    }),
    endpoint: ctx.setup.endpoint ?? '',
    conversationId: ctx.conversationId,
    // A reply that failed mid-stream goes on from its partial text: it streams again, no longer errored.
    messages: ctx.messages.map((m) =>
      m.messageId === reply.messageId ? resumedReply(m, edited ? editedText : m.text) : m,
    ),
    replyId: reply.messageId,
    userMessageId: reply.parentMessageId,
    sender: reply.sender || ctx.sender,
  };
}
