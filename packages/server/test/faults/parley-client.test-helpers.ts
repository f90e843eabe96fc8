import { expect } from 'vitest';
import { API, DELTA_FRAMES, NIL_UUID, STREAM_FRAMES_HEADER, type ChatFinalEvent } from '@parley/shared';
import { registerOverHttp } from '../http-user.test-helpers';
import { sseReader, type ParsedFrame } from '../../src/lib/sse.test-helpers';
import { parseEvents } from '../../src/features/chat/chat.test-helpers';

/** A signed-in user of a running Parley, talking HTTP as the web does. */
export interface Client {
  baseUrl: string;
  auth: Record<string, string>;
}

export async function registerUser(baseUrl: string): Promise<Client> {
  const token = await registerOverHttp(baseUrl, 'faults');
  // Parley's web app's headers: it asks for delta frames.
  const auth = {
    authorization: `Bearer ${token}`,
    'content-type': 'application/json',
    [STREAM_FRAMES_HEADER]: DELTA_FRAMES,
  };
  return { baseUrl, auth };
}

/** `[[sim …]]`: the simulated upstream answers `tokens` tokens at `rate` per second. */
export const slowPrompt = (tokens: number, rate: number) =>
  `Tell me a long story [[sim ${JSON.stringify({ tokens, rate })}]]`;

export const sendMessage = (client: Client, text: string, conversationId: string | null = null) =>
  fetch(`${client.baseUrl}${API.ask}/openAI`, {
    method: 'POST',
    headers: client.auth,
    body: JSON.stringify({ text, conversationId, parentMessageId: NIL_UUID, model: 'gpt-3.5-turbo' }),
  });

/** A reply being streamed: the frames so far, and the rest once it ends. */
export interface LiveReply {
  conversationId: string;
  /** Reads until at least `count` text deltas arrived. */
  waitForDeltas(count: number): Promise<void>;
  /** Reads until the deltas hold at least `count` of the simulator's tokens (`tok1 tok2 …`). */
  waitForTokens(count: number): Promise<void>;
  /** Reads to the end of the stream and parses every frame. */
  end(): Promise<ReturnType<typeof parseEvents>>;
}

export async function startReply(client: Client, text: string): Promise<LiveReply> {
  const res = await sendMessage(client, text);
  expect(res.status).toBe(200);
  const reader = sseReader(res.body!);
  const frames: ParsedFrame[] = [];
  const first = await reader.next();
  frames.push(first!);
  const created = JSON.parse(first!.data!) as { created: boolean; message: { conversationId: string } };
  expect(created.created).toBe(true);
  return {
    conversationId: created.message.conversationId,
    async waitForDeltas(count) {
      while (parseEvents(frames).deltas.length < count) {
        const frame = await reader.next();
        if (!frame) throw new Error('the stream ended early');
        frames.push(frame);
      }
    },
    async waitForTokens(count) {
      while (tokenCount(parseEvents(frames).deltas.join('')) < count) {
        const frame = await reader.next();
        if (!frame) throw new Error('the stream ended early');
        frames.push(frame);
      }
    },
    async end() {
      frames.push(...(await reader.rest()));
      return parseEvents(frames);
    },
  };
}

/** Sends a short message and answers its final event once the reply finished. */
export async function sendAndFinish(client: Client, text: string): Promise<ChatFinalEvent> {
  const res = await sendMessage(client, text);
  expect(res.status).toBe(200);
  const events = parseEvents(await sseReader(res.body!).rest());
  expect(events.error).toBeUndefined();
  expect(events.final).toBeDefined();
  return events.final!;
}

export interface SavedMessage {
  messageId: string;
  text: string;
  isCreatedByUser: boolean;
  unfinished?: boolean;
  error?: boolean;
}

export async function savedMessages(client: Client, conversationId: string): Promise<SavedMessage[]> {
  const res = await fetch(`${client.baseUrl}${API.messages}/${conversationId}`, { headers: client.auth });
  expect(res.status).toBe(200);
  return (await res.json()) as SavedMessage[];
}

/** Polls until `check` holds (or fails the test after `timeoutMs`). */
export async function eventually(check: () => Promise<boolean>, what: string, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The tokens the simulated upstream sends for a reply of `count` tokens (each contains "tok"). */
export const tokenCount = (text: string) => text.split('tok').length - 1;
