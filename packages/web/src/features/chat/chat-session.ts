import {
  DELTA_FRAMES,
  STREAM_FRAMES_HEADER,
  type ChatFinalEvent,
  type ChatSyncEvent,
  type Message,
} from '@parley/shared';
import { api } from '../../lib/api';
import { appNavigation } from '../../lib/navigation';
import { queryClient, queryKeys } from '../../lib/query-client';
import { logout } from '../auth/session';
import { refreshBalance } from '../balance/balance.api';
import { setConversationTitleInCache, upsertConversationInCache } from '../conversations/conversations.cache';
import { generateTitle, messagesCache, NEW_CONVERSATION, postAbort, postSend } from './chat.api';
import { nextStreamId, useChatStreamStore, type ActiveStream } from './chat-stream.store';
import { useConversationStore } from './conversation.store';
import { isBanErrorText } from './send-error';
import { abortCall } from './stream/abort-call';
import { abortFailure, abortOutcome } from './stream/abort-outcome';
import { threadOf } from './stream/assistant-thread';
import { readChatEvent } from './stream/chat-events';
import {
  createReplyStream,
  type MessageLists,
  type ReplyTarget,
  type StreamStep,
} from './stream/reply-stream';
import { readSseStream } from './stream/sse-parser';
import { followedPlaceholder } from './stream/followed-reply';
import type { Submission } from './stream/submission';

/**
 * The chat's streams, outside React (docs/reference/chat.md (Sending a message; Send errors; Leaving and resuming)):
 * send, stop, leave and re-attach. Messages live in the query cache; the stream store says what is in flight.
 */

/** The title is asked for this long after the first reply of a new conversation (docs/reference/chat.md (Titles)). */
export const TITLE_REFRESH_MS = 2500;

const lists: MessageLists = { get: messagesCache.get, set: messagesCache.set };
/** Parley's streams ask for delta frames (docs/reference/chat.md (Stream frames)). */
const STREAM_HEADERS = { accept: 'text/event-stream', [STREAM_FRAMES_HEADER]: DELTA_FRAMES };

const streams = () => useChatStreamStore.getState();

/**
 * Replies whose stream this page read to its end (the last 50): when the feed then says one ended, the page already
 * shows the saved reply and does not load it again (a reload of the list would redraw it under the reader).
 */
const seenToEnd = new Set<string>();
function sawToEnd(replyId: string): void {
  seenToEnd.add(replyId);
  if (seenToEnd.size > 50) seenToEnd.delete(seenToEnd.values().next().value!);
}
const showing = (conversationId: string) => useConversationStore.getState().conversationId === conversationId;

async function readJson(res: Response): Promise<unknown> {
  try {
    return await res.json();
  } catch {
    return null;
  }
}

/** The error text of a refused send: the API's message (JSON text for mapped errors), else the status. */
async function refusalText(res: Response): Promise<string> {
  const body = (await readJson(res)) as { message?: unknown } | null;
  return typeof body?.message === 'string' && body.message
    ? body.message
    : `${res.status} ${res.statusText}`.trim();
}

function refreshTitleLater(conversationId: string): void {
  setTimeout(() => {
    generateTitle(conversationId)
      .then(({ title }) => {
        setConversationTitleInCache(queryClient, conversationId, title);
        if (showing(conversationId)) useConversationStore.getState().setTitle(title);
      })
      .catch(() => {
        // The conversation keeps 'New Chat'; the title is a nicety.
      });
  }, TITLE_REFRESH_MS);
}

function afterFinal(final: ChatFinalEvent, wasNew: boolean, aborted: boolean): void {
  const { conversation } = final;
  upsertConversationInCache(queryClient, conversation);
  // The call was settled before its final event (docs/reference/balance.md (What a call costs)).
  refreshBalance();
  if (!showing(conversation.conversationId)) return;
  const store = useConversationStore.getState();
  store.setTitle(conversation.title);
  // An assistant's conversation goes on in the thread its first reply started.
  const thread = threadOf(conversation, store.setup);
  if (thread) store.patchSetup(thread);
  // A stopped first reply's title (the question's) is already in its final event; the title model is not asked.
  if (wasNew && !aborted) refreshTitleLater(conversation.conversationId);
}

function afterError(active: ActiveStream, text: string): void {
  if (isBanErrorText(text)) {
    void logout();
    return;
  }
  // The server saved the conversation before failing: it is on the list, under its URL
  // (docs/reference/chat.md (Send errors)).
  const { conversationId } = active.reply;
  if (active.wasNew && conversationId !== NEW_CONVERSATION) {
    void queryClient.invalidateQueries({ queryKey: queryKeys.conversations });
  }
}

/**
 * created: the server saved the new conversation. The view on screen takes its id and URL at once (replace),
 * so a reload mid-reply re-attaches to it, and the list shows it.
 */
function named(active: ActiveStream, before: string): void {
  const { conversationId } = active.reply;
  if (!active.wasNew) return;
  void queryClient.invalidateQueries({ queryKey: queryKeys.conversations });
  if (!showing(before)) return;
  useConversationStore.getState().setConversationId(conversationId);
  appNavigation.go(`/c/${conversationId}`);
}

/** Reads the stream, applying each event as it comes; answers how it ended ('continue': it just stopped). */
async function follow(active: ActiveStream, body: ReadableStream<Uint8Array>): Promise<StreamStep> {
  const { reply } = active;
  let step: StreamStep = 'continue';
  await readSseStream(body, (frame) => {
    if (step !== 'continue') return;
    const before = reply.conversationId;
    step = reply.apply(readChatEvent(frame));
    if (reply.conversationId !== before) {
      named(active, before);
      const current = streams().active;
      if (current?.id === active.id && current.stopPending) void stopNow(current);
    }
    streams().sync(active.id);
  });
  return step;
}

/** An aborted fetch: a stop is finished by `stopNow`; a page that left lets the job run on. */
function aborted(active: ActiveStream): boolean {
  const { signal } = active.controller;
  if (signal.aborted && signal.reason === 'detach') leave(active);
  return signal.aborted;
}

/**
 * Follows one stream's answer to its end. `resumed`: a re-attached stream that ends early is not an error.
 * `questionIsNew`: the send made its user message (an ask or an edited message, not a regenerate or continue).
 */
async function run(
  active: ActiveStream,
  res: Response,
  resumed = false,
  questionIsNew = false,
): Promise<void> {
  const { reply, controller, wasNew } = active;
  try {
    if (!res.ok || !res.body) {
      const text = await refusalText(res);
      reply.refuse(text, questionIsNew);
      afterError(active, text);
      return;
    }
    const step = await follow(active, res.body);
    if (step !== 'continue') sawToEnd(reply.replyId);
    if (step === 'final' && reply.final) afterFinal(reply.final, wasNew, false);
    else if (step === 'error') afterError(active, reply.error?.text ?? '');
    else if (resumed) void messagesCache.invalidate(reply.conversationId);
    else reply.failToConnect();
  } catch {
    if (!aborted(active)) reply.failToConnect();
  } finally {
    streams().sync(active.id);
    // A stop ends the submission itself, once the abort call has answered.
    if (controller.signal.reason !== 'stop') streams().end(active.id);
  }
}

/** The page left a running stream (another conversation, a new chat): the job goes on, the list refetches. */
function leave(active: ActiveStream): void {
  const { conversationId } = active.reply;
  if (conversationId === NEW_CONVERSATION) return;
  void messagesCache.invalidate(conversationId);
  void queryClient.invalidateQueries({ queryKey: queryKeys.conversations });
}

function begin(target: ReplyTarget, endpoint: string): ActiveStream {
  const active: ActiveStream = {
    id: nextStreamId(),
    endpoint,
    wasNew: target.conversationId === NEW_CONVERSATION,
    controller: new AbortController(),
    reply: createReplyStream(lists, target),
    stopPending: false,
  };
  streams().begin(active);
  return active;
}

/** Sends (ask, regenerate, continue, edit). Ignored while another request is in progress. */
export async function submit(submission: Submission, endpoint: string): Promise<void> {
  if (streams().active) return;
  const { conversationId, replyId, userMessageId, sender } = submission;
  const questionIsNew = !messagesCache.get(conversationId).some((m) => m.messageId === userMessageId);
  messagesCache.set(submission.conversationId, submission.messages);
  const active = begin({ conversationId, replyId, userMessageId, sender }, endpoint);
  let res: Response;
  try {
    res = await postSend(submission, { headers: STREAM_HEADERS, signal: active.controller.signal });
  } catch {
    if (!aborted(active)) active.reply.failToConnect();
    if (active.controller.signal.reason !== 'stop') streams().end(active.id);
    return;
  }
  await run(active, res, false, questionIsNew);
}

/** Opens the running reply's stream (replayed from its first event), or null when there is none to follow. */
async function openJobStream(conversationId: string, controller: AbortController): Promise<Response | null> {
  let res: Response;
  try {
    res = await api.callRaw(
      'resumeStream',
      { params: { conversationId } },
      { headers: STREAM_HEADERS, signal: controller.signal },
    );
  } catch {
    return null;
  }
  if (!res.ok || !res.body || streams().active || !showing(conversationId)) {
    controller.abort();
    return null;
  }
  return res;
}

/** Follows an opened job stream into `target`, as a resumed stream (the replay is reconciled with what is shown). */
async function attach(target: ReplyTarget, endpoint: string, controller: AbortController, res: Response) {
  const active = begin({ ...target, resumed: true }, endpoint);
  active.controller.signal.addEventListener('abort', () => controller.abort(), { once: true });
  await run(active, res, true);
}

/**
 * Re-attaches to a generation still running on a saved conversation (a reload mid-stream). The server replays
 * it from the start; the reply's saved text is reconciled with the replay. 404: nothing is running.
 */
export async function resume(conversationId: string, messages: Message[], endpoint: string): Promise<void> {
  if (streams().active) return;
  const reply = messages.findLast((m) => !m.isCreatedByUser && m.unfinished && !m.error);
  if (!reply) return;
  const controller = new AbortController();
  const res = await openJobStream(conversationId, controller);
  if (!res) return;
  const target = {
    conversationId,
    replyId: reply.messageId,
    userMessageId: reply.parentMessageId,
    sender: reply.sender,
  };
  await attach(target, reply.endpoint ?? endpoint, controller, res);
}

/**
 * A reply started in another window or on another device
 * (docs/reference/chat.md (Following a reply from another window)): the list moves it up; the page showing its
 * conversation, unless busy with a stream of its own, follows it live over the job's stream. The replay brings the
 * question (`created`); the reply shows in a placeholder of the server's id until then, or, continued, in the message
 * it continues.
 */
export async function followElsewhere(event: ChatSyncEvent): Promise<void> {
  void queryClient.invalidateQueries({ queryKey: queryKeys.conversations });
  const { conversationId, responseMessageId } = event;
  // A fast reply's own window may hear of its start only after reading it to the end: nothing to follow there.
  const followed = () => seenToEnd.has(responseMessageId);
  if (streams().active || !showing(conversationId) || followed()) return;
  const controller = new AbortController();
  const res = await openJobStream(conversationId, controller);
  if (!res) return;
  if (followed()) {
    controller.abort();
    return;
  }
  if (!messagesCache.get(conversationId).some((m) => m.messageId === responseMessageId)) {
    messagesCache.update(conversationId, (messages) => [...messages, followedPlaceholder(event)]);
  }
  const target = {
    conversationId,
    replyId: responseMessageId,
    userMessageId: event.requestMessageId,
    sender: event.sender,
  };
  await attach(target, event.endpoint, controller, res);
}

/**
 * A reply ended elsewhere: the list shows the conversation's new order (and title). A page that did not follow it
 * (it was busy, or opened the conversation meanwhile) reloads the messages; one that read its stream to the end has them.
 */
export function replyEndedElsewhere(event: ChatSyncEvent): void {
  const { conversationId, responseMessageId } = event;
  // The page reading (or that read) the reply's stream updates the list from it, as a send does.
  if (streams().active?.reply.conversationId === conversationId || seenToEnd.has(responseMessageId)) return;
  void queryClient.invalidateQueries({ queryKey: queryKeys.conversations });
  void messagesCache.invalidate(conversationId);
}

/** Stop (docs/reference/chat.md (Stopping a reply)): aborts the stream and asks the server to stop the generation. */
export async function stop(): Promise<void> {
  const active = streams().active;
  if (!active) return;
  // The server has not named the conversation yet: abort as soon as it does.
  if (active.reply.conversationId === NEW_CONVERSATION) streams().setStopPending(active.id);
  else await stopNow(active);
}

async function stopNow(active: ActiveStream): Promise<void> {
  const { reply, wasNew } = active;
  active.controller.abort('stop');
  const failed = (errorText?: string) => {
    const decision = abortFailure(reply.replyText(), errorText);
    if (decision.keep) reply.patchReply({ unfinished: true });
    else reply.fail(decision.errorText);
  };
  try {
    const res = await postAbort(abortCall(active.endpoint, reply.conversationId, reply.replyId));
    const outcome = abortOutcome(res.status, res.statusText, res.status === 204 ? null : await readJson(res));
    if (outcome.kind === 'final') {
      reply.finalise(outcome.event);
      sawToEnd(reply.replyId);
      afterFinal(outcome.event, wasNew, true);
    } else if (outcome.kind === 'ended') {
      // Nothing was running any more: the saved messages are the truth.
      void messagesCache.invalidate(reply.conversationId);
    } else if (outcome.kind === 'failed') failed(outcome.errorText);
  } catch {
    failed();
  } finally {
    streams().sync(active.id);
    // Continue shows for 200 ms from the moment the stopped reply is settled and can be continued.
    streams().markStopped();
    streams().end(active.id);
  }
}

/** The page moved on (another conversation, a new chat): stop following, leave the generation running. */
export function detach(): void {
  const active = streams().active;
  if (active && !active.controller.signal.aborted) active.controller.abort('detach');
}
