import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversationBody, readThread, streamChatGPTBrowser } from './chatgpt-browser';
import type { ModelRequest, ReplyCall, ReplyPart, ServiceState } from './provider.types';

// The ChatGPT web backend's conversation call, piece by piece, against frames written here
// (docs/reference/endpoints-and-models.md (chatGPTBrowser)); the whole turn is in features/chat.

let frames: string[] = [];
let server: http.Server;
let url = '';
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/event-stream' });
    res.end(frames.join(''));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/backend-api/conversation`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const frame = (value: unknown) => `data: ${typeof value === 'string' ? value : JSON.stringify(value)}\n\n`;
const reply = (text: string, role = 'assistant') => ({
  message: { id: 'm2', author: { role }, content: { content_type: 'text', parts: [text] } },
  conversation_id: 'c1',
  error: null,
});
const call = (state: ServiceState | null): ReplyCall => ({
  prompt: {} as ReplyCall['prompt'],
  settings: {} as ReplyCall['settings'],
  signal: new AbortController().signal,
  service: { questionId: 'q1', question: 'Hi', state, options: { model: 'gpt-4' }, history: [] },
});
const request = (): ModelRequest => ({
  entry: {} as ModelRequest['entry'],
  model: 'gpt-4',
  credentials: { apiKey: 'token', baseURL: url },
});

async function collect(): Promise<ReplyPart[]> {
  const parts: ReplyPart[] = [];
  for await (const part of streamChatGPTBrowser(request(), call(null))) parts.push(part);
  return parts;
}

describe('chatGPTBrowser pieces', () => {
  it('names the thread it continues; a new one has a parent of its own and no conversation', () => {
    const next = conversationBody(call({ conversationId: 'c1', messageId: 'm1' }), 'gpt-4');
    expect(next).toMatchObject({
      action: 'next',
      model: 'gpt-4',
      conversation_id: 'c1',
      parent_message_id: 'm1',
    });
    const fresh = conversationBody(call(null), 'gpt-4');
    expect(fresh).not.toHaveProperty('conversation_id');
    expect(fresh['parent_message_id']).toEqual(expect.stringMatching(/^[0-9a-f-]{36}$/));
  });

  it('reads a kept thread only when both ids are strings', () => {
    expect(readThread({ conversationId: 'c', messageId: 'm' })).toEqual({
      conversationId: 'c',
      messageId: 'm',
    });
    expect(readThread({ conversationId: 'c', messageId: 3 })).toBeNull();
    expect(
      readThread({ conversationId: 'c', clientId: 'k', conversationSignature: 's', invocationId: 1 }),
    ).toBeNull();
  });

  it('sends on what each whole-text frame adds; skips other roles, non-JSON lines and a rewrite it cannot take back', async () => {
    frames = [
      frame(reply('Hel')),
      ': keep-alive\n\n',
      frame('not json'),
      frame(reply('Hi, user', 'user')),
      frame(reply('Hello')),
      frame(reply('Help')),
      frame(reply('Hello there')),
      frame('[DONE]'),
    ];
    expect(await collect()).toEqual([
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
      { type: 'text', text: ' there' },
      { type: 'service-state', state: { conversationId: 'c1', messageId: 'm2' } },
      { type: 'finish', finishReason: 'stop' },
    ]);
  });

  it('fails a stream that ends without [DONE], keeping what it sent', async () => {
    frames = [frame(reply('Part'))];
    const parts: ReplyPart[] = [];
    await expect(async () => {
      for await (const part of streamChatGPTBrowser(request(), call(null))) parts.push(part);
    }).rejects.toThrow('terminated');
    expect(parts).toEqual([{ type: 'text', text: 'Part' }]);
  });
});
