import { randomUUID } from 'node:crypto';
import { APICallError } from '@ai-sdk/provider';
import { readSseData } from './sse-data';
import { requestUpstream, type UpstreamAnswer } from './upstream-http';
import type { FetchFn, ModelRequest, ReplyCall, ReplyPart, ServiceState } from './provider.types';

/**
 * The chatGPTBrowser endpoint: the ChatGPT web backend's conversation call, as the relays and reverse proxies that
 * still speak it answer it (docs/reference/endpoints-and-models.md (chatGPTBrowser)). The service keeps the
 * conversation: a call sends the question alone, with the service's conversation id and the id of the reply it
 * answers, and the service streams its reply as whole text so far (`message.content.parts`), ending with `[DONE]`.
 */

/** What the service answered for the next call: its conversation and its reply's id (the next parent). */
export interface ChatGPTThread {
  conversationId: string;
  messageId: string;
}

interface Frame {
  message?: {
    id?: unknown;
    author?: { role?: unknown };
    content?: { content_type?: unknown; parts?: unknown };
  } | null;
  conversation_id?: unknown;
  error?: unknown;
}

/** The request body of one call (the service's field names). */
export function conversationBody(call: ReplyCall, model: string): Record<string, unknown> {
  const service = call.service;
  if (!service) throw new Error('A chatGPTBrowser call needs its question');
  const thread = readThread(service.state);
  return {
    action: 'next',
    messages: [
      {
        id: service.questionId,
        author: { role: 'user' },
        role: 'user',
        content: { content_type: 'text', parts: [service.question] },
      },
    ],
    model,
    // A new thread names a parent of its own making, as the web client does.
    parent_message_id: thread?.messageId ?? randomUUID(),
    ...(thread ? { conversation_id: thread.conversationId } : {}),
  };
}

/** A thread kept on a reply, when it is one (a reply of another endpoint, or none, starts a new thread). */
export function readThread(state: ServiceState | null | undefined): ChatGPTThread | null {
  const conversationId = state?.['conversationId'];
  const messageId = state?.['messageId'];
  return typeof conversationId === 'string' && typeof messageId === 'string'
    ? { conversationId, messageId }
    : null;
}

/**
 * Streams one reply: text as deltas of the service's whole text, then the thread to continue, then `stop`. An
 * error answer (401, 403, 429, …) or an `error` frame is thrown as an APICallError, which provider-errors.ts maps
 * like any provider's; a stream cut before `[DONE]` fails the read (the turn keeps the partial text).
 */
export async function* streamChatGPTBrowser(
  request: ModelRequest,
  call: ReplyCall,
): AsyncGenerator<ReplyPart> {
  const url = request.credentials.baseURL;
  const token = request.credentials.apiKey;
  if (!url || !token) throw new Error('chatGPTBrowser needs its URL and token');
  const body = JSON.stringify(conversationBody(call, request.model));
  const init: RequestInit = {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      accept: 'text/event-stream',
    },
    body,
    signal: call.signal,
  };
  const answer = await send(url, init, request.fetch);
  if (answer.status < 200 || answer.status > 299) {
    const text = await readAll(answer.body);
    throw callError(url, body, answer.status, text, detailOf(text) ?? `HTTP ${answer.status}`);
  }
  let said = '';
  let thread: ChatGPTThread | null = null;
  let done = false;
  for await (const data of readSseData(answer.body)) {
    if (data === '[DONE]') {
      done = true;
      break;
    }
    let frame: Frame;
    try {
      frame = JSON.parse(data) as Frame;
    } catch {
      continue; // the service's keep-alive and progress lines are not JSON
    }
    if (frame.error) throw callError(url, body, undefined, data, errorText(frame.error));
    const message = frame.message;
    if (!message || (message.author?.role !== undefined && message.author.role !== 'assistant')) continue;
    const parts = message.content?.parts;
    const text = Array.isArray(parts) && typeof parts[0] === 'string' ? parts[0] : null;
    if (typeof message.id === 'string' && typeof frame.conversation_id === 'string') {
      thread = { conversationId: frame.conversation_id, messageId: message.id };
    }
    // Each frame is the whole text so far: what it adds is sent on. A frame that rewrites what was said (rare)
    // cannot take sent text back; the text goes on from what the next extending frame adds.
    if (text !== null && text.length > said.length && text.startsWith(said)) {
      yield { type: 'text', text: text.slice(said.length) };
      said = text;
    }
  }
  if (!done)
    throw new TypeError('terminated', { cause: new Error('The service ended its stream before [DONE]') });
  if (thread) yield { type: 'service-state', state: { ...thread } };
  yield { type: 'finish', finishReason: 'stop' };
}

/** The operator's relay over node:http; a request naming its own fetch (tests, a guarded one) uses it. */
async function send(url: string, init: RequestInit, fetchFn: FetchFn | undefined): Promise<UpstreamAnswer> {
  if (!fetchFn) return requestUpstream(url, init);
  const response = await fetchFn(url, init);
  const reader = response.body;
  return {
    status: response.status,
    headers: response.headers,
    body: (async function* () {
      if (!reader) return;
      const decoder = new TextDecoder();
      for await (const chunk of reader as unknown as AsyncIterable<Uint8Array>) {
        yield decoder.decode(chunk, { stream: true });
      }
    })(),
  };
}

async function readAll(body: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of body) text += chunk;
  return text;
}

/** The service's words in an error answer: FastAPI's `detail` (text, or `{message}`), or `{error}`. */
function detailOf(text: string): string | null {
  try {
    const parsed = JSON.parse(text) as { detail?: unknown; error?: unknown };
    const found = parsed.detail ?? parsed.error;
    return found === undefined ? null : errorText(found);
  } catch {
    return text.trim() ? text.trim().slice(0, 500) : null;
  }
}

function errorText(value: unknown): string {
  if (typeof value === 'string') return value;
  const message = (value as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : JSON.stringify(value);
}

function callError(
  url: string,
  body: string,
  status: number | undefined,
  responseBody: string,
  message: string,
): APICallError {
  return new APICallError({
    message,
    url,
    requestBodyValues: JSON.parse(body) as unknown,
    ...(status === undefined ? {} : { statusCode: status }),
    responseBody,
    // provider-errors.ts reads `{message}` first.
    data: { error: { message } },
    isRetryable: false,
  });
}
