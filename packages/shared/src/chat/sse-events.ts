import { z } from 'zod';
import { conversationSchema } from '../conversations/conversation.schema';
import { contentPartSchema, messageSchema } from '../conversations/message.schema';
import { runSchema } from '../assistants/run.schema';

/**
 * The request header a client sends to get delta frames (docs/reference/chat.md (Stream frames)): `X-Parley-Stream:
 * deltas`. Parley's web app sends it; a client without it (LibreChat's own) gets each text frame as
 * {@link ChatWholeTextEvent}: the reply's whole text so far, as that client expects.
 */
export const STREAM_FRAMES_HEADER = 'x-parley-stream';
export const DELTA_FRAMES = 'deltas';

/**
 * The events of a chat stream (the frames are described in docs/decisions.md, "Deltas"). All are sent as SSE's
 * default event (`message`, so without an `event:` line) with one of these JSON bodies, except errors, which are
 * `event: error` with a {@link ChatStreamError} body. The server only types them (it never parses its own events on
 * the hot path); the web parses with these schemas.
 */

/** First event: the saved user message, which carries the conversation id. */
export const chatCreatedEventSchema = z.object({
  created: z.literal(true),
  message: messageSchema,
});
export type ChatCreatedEvent = z.infer<typeof chatCreatedEventSchema>;

/**
 * New reply text since the previous text event: a delta, never the whole text so far. `messageId` only where
 * it changes: on the first delta a connection receives (the first of the reply, or the first after a resume);
 * a delta without it goes into the same message as the one before.
 */
export const chatTextEventSchema = z.object({
  text: z.string(),
  messageId: z.string().optional(),
});
export type ChatTextEvent = z.infer<typeof chatTextEventSchema>;

/**
 * A text frame for clients that do not ask for deltas: the reply's whole text so far (with a continue's earlier
 * text), which replaces what the client shows. `initial` only on the first.
 */
export const chatWholeTextEventSchema = z.object({
  message: z.literal(true),
  text: z.string(),
  messageId: z.string(),
  parentMessageId: z.string(),
  conversationId: z.string(),
  initial: z.literal(true).optional(),
});
export type ChatWholeTextEvent = z.infer<typeof chatWholeTextEventSchema>;

/** Where a typed content part goes in the reply (assistants and tools, docs/reference/chat.md (Stream events)). */
export const chatContentMetaSchema = z.object({
  index: z.number().int().nonnegative(),
  messageId: z.string(),
  conversationId: z.string().optional(),
  thread_id: z.string().nullish(),
  /** True while the part is still being streamed (its text is then a delta of that part). */
  stream: z.boolean().optional(),
});

/** A typed content part event: the part itself (discriminated by `type`) plus where it goes. */
export const chatContentEventSchema = z.intersection(contentPartSchema, chatContentMetaSchema);
export type ChatContentEvent = z.infer<typeof chatContentEventSchema>;

/** Last event: the server's versions of both messages and of the conversation. */
export const chatFinalEventSchema = z.object({
  final: z.literal(true),
  conversation: conversationSchema,
  requestMessage: messageSchema,
  responseMessage: messageSchema,
  title: z.string().optional(),
  /** An assistant's turn: the run, as it ended (docs/reference/assistants.md (Runs)). */
  run: runSchema.optional(),
  /** An assistant's turn: the messages its run wrote (the reply). */
  runMessages: z.array(messageSchema).optional(),
});
export type ChatFinalEvent = z.infer<typeof chatFinalEventSchema>;

/** Any `event: message` body. Order of the union: the discriminating flags first, a bare delta last. */
export const chatMessageEventSchema = z.union([
  chatCreatedEventSchema,
  chatFinalEventSchema,
  chatContentEventSchema,
  chatTextEventSchema,
]);
export type ChatMessageEvent = ChatCreatedEvent | ChatTextEvent | ChatContentEvent | ChatFinalEvent;

/** A `message` body as a client without delta frames receives it. */
export type ChatWholeMessageEvent = ChatCreatedEvent | ChatWholeTextEvent | ChatContentEvent | ChatFinalEvent;

/**
 * The body of an `event: error`: the error reply as a message (sender, ids, `isCreatedByUser: false`,
 * `error: true`), so a client can show it as one. `text` is either a message or a JSON string with a `type` or `code`
 * (e.g. `{"type":"invalid_api_key"}`) that the web maps to a localised message (docs/reference/chat.md (Send errors)).
 */
export const chatStreamErrorSchema = z.looseObject({
  text: z.string(),
  sender: z.string().optional(),
  isCreatedByUser: z.literal(false).optional(),
  error: z.literal(true).optional(),
  conversationId: z.string().optional(),
  messageId: z.string().optional(),
  parentMessageId: z.string().optional(),
});
export type ChatStreamError = z.infer<typeof chatStreamErrorSchema>;

/**
 * An event as a generation job emits it: its kind and its body. The kind is stored beside the body, so nothing
 * reads a body to learn what it is, and each kind of client's codec picks what it sends by it.
 */
export type ChatStreamEvent =
  | { kind: 'created'; data: ChatCreatedEvent }
  | { kind: 'text'; data: ChatTextEvent }
  | { kind: 'part'; data: ChatContentEvent }
  | { kind: 'final'; data: ChatFinalEvent }
  | { kind: 'error'; data: ChatStreamError };

/** What a job event is: a created message, a text delta, a content part, the final event, an error. */
export type ChatStreamEventKind = ChatStreamEvent['kind'];
export const CHAT_STREAM_EVENT_KINDS = [
  'created',
  'text',
  'part',
  'final',
  'error',
] as const satisfies readonly ChatStreamEventKind[];

/** The SSE event names a chat stream uses. */
export type ChatStreamEventName = 'message' | 'error';

/** The SSE event a kind travels as: errors as `error`, everything else as `message` (docs/reference/chat.md (Stream events)). */
export const sseEventNameOf = (kind: ChatStreamEventKind): ChatStreamEventName =>
  kind === 'error' ? 'error' : 'message';
