import { startSim, type Sim } from '@parley/sim';
import { NIL_UUID } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newKey } from '../../../test/factories.test-helpers';
import {
  ask,
  edit,
  eventually,
  messagesOf,
  sim,
  simProviders,
  startChatApp,
  type ChatApp,
} from './chat.test-helpers';

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

const fresh = { parentMessageId: NIL_UUID, conversationId: null };

describe.each(testDialects())('chat failures on %s', (dialect) => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator);
  });
  afterAll(() => app.close());

  it.each([
    [
      { status: 401, kind: 'invalid_key' },
      { type: 'invalid_api_key', status: 401 },
    ],
    [
      { status: 429, kind: 'quota' },
      { type: 'insufficient_quota', status: 429, message: 'You exceeded your current quota (simulated).' },
    ],
    [
      { status: 500, kind: 'server' },
      { type: 'upstream_error', status: 500, message: expect.stringContaining('server had an error') },
    ],
    [
      {
        status: 404,
        kind: 'not_found',
        message: 'The model `gpt-x` does not exist or you do not have access to it.',
      },
      {
        type: 'upstream_error',
        status: 404,
        message: 'The model `gpt-x` does not exist or you do not have access to it.',
      },
    ],
    [
      { status: 400, kind: 'moderation' },
      { type: 'moderation', status: 400, message: expect.stringContaining('content policy') },
    ],
  ])('upstream %j gives event: error %j and keeps both messages', async (error, expected) => {
    const res = await ask(app, 'openAI', { ...fresh, text: `Hi ${sim({ error })}` });
    expect(res.status).toBe(200);
    const { messages, error: event, final } = res.events;
    expect(final).toBeUndefined();
    expect(JSON.parse(event!.text)).toMatchObject(expected);
    // A refused key's own words are not passed on: they may quote part of the key.
    if (expected.type === 'invalid_api_key') expect(JSON.parse(event!.text)).not.toHaveProperty('message');
    const conversationId = (messages[0] as { message: { conversationId: string } }).message.conversationId;
    expect(event).toMatchObject({ conversationId });
    const saved = await messagesOf(app, conversationId);
    expect(saved).toHaveLength(2);
    expect(saved[0]).toMatchObject({ isCreatedByUser: true, error: false });
    expect(saved[1]).toMatchObject({ messageId: event!.messageId, text: '', error: true, unfinished: false });
  });

  it('a stream cut mid-way keeps the partial reply, marked error and unfinished', async () => {
    const res = await ask(app, 'openAI', { ...fresh, text: `Hi ${sim({ tokens: 20, cutAfter: 5 })}` });
    const { error, deltas, messages } = res.events;
    expect(JSON.parse(error!.text)).toMatchObject({ type: 'upstream_error' });
    expect(deltas.join('')).toBe('tok1 tok2 tok3 tok4 tok5 ');
    const conversationId = (messages[0] as { message: { conversationId: string } }).message.conversationId;
    const saved = await messagesOf(app, conversationId);
    expect(saved[1]).toMatchObject({ text: 'tok1 tok2 tok3 tok4 tok5 ', error: true, unfinished: true });
  });

  it('a continue that fails before any new text keeps the earlier text unfinished, so it can be continued', async () => {
    const first = await ask(app, 'openAI', {
      ...fresh,
      text: `Hi ${sim({ error: { status: 500, kind: 'server' } })}`,
    });
    const conversationId = (first.events.messages[0] as { message: { conversationId: string } }).message
      .conversationId;
    const replyId = first.events.error!.messageId!;
    // The user writes the reply's start by hand and continues it; the provider fails again at once.
    const again = await edit(app, 'openAI', {
      text: '',
      parentMessageId: NIL_UUID,
      conversationId,
      isContinued: true,
      responseMessageId: replyId,
      isEdited: true,
      editedMessageId: replyId,
      editedText: 'Hand-written start',
    });
    expect(JSON.parse(again.events.error!.text)).toMatchObject({ type: 'upstream_error' });
    const saved = await messagesOf(app, conversationId);
    expect(saved[1]).toMatchObject({ text: 'Hand-written start', error: true, unfinished: true });
  });

  it('persists the partial reply while streaming', async () => {
    const res = await fetch(`${app.base}/api/ask/openAI`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ...fresh, text: `Hi ${sim({ tokens: 60, rate: 40 })}` }),
    });
    const reader = res.body!.getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    const conversationId = /"conversationId":"([^"]+)"/.exec(first)![1]!;
    // The reply takes 1.5 s; its first partial save comes within it.
    const during = await eventually(
      () => messagesOf(app, conversationId),
      (saved) => /^tok1 tok2 /.test(saved[1]?.text ?? ''),
    );
    expect(during[1]?.unfinished).toBe(true);
    expect(during[1]?.text).toMatch(/^tok1 tok2 /);
    await reader.cancel();
  });

  it('trims the history to the model budget: only the newest messages reach the provider', async () => {
    const long = (tag: string) => `${tag} ${'word '.repeat(1400)}`;
    let parent = NIL_UUID;
    let conversationId: string | null = null;
    for (const tag of ['FIRST', 'SECOND', 'THIRD']) {
      const res = await ask(app, 'openAI', {
        text: `${long(tag)} ${sim({ reply: 'ok' })}`,
        parentMessageId: parent,
        conversationId,
        model: 'gpt-3.5-turbo',
      });
      parent = res.events.final!.responseMessage.messageId;
      conversationId = res.events.final!.conversation.conversationId;
    }
    simulator.clearRequests();
    await ask(app, 'openAI', {
      text: `Now ${sim({ reply: 'done' })}`,
      parentMessageId: parent,
      conversationId,
      model: 'gpt-3.5-turbo',
    });
    const request = simulator.requests().find((r) => (r.body as { stream?: boolean }).stream)!;
    const sent = (request.body as { messages: { content: string }[] }).messages.map((m) => m.content);
    expect(sent.some((c) => c.startsWith('FIRST'))).toBe(false);
    expect(sent.some((c) => c.startsWith('SECOND'))).toBe(true);
    expect(sent.some((c) => c.startsWith('THIRD'))).toBe(true);
    expect(sent.at(-1)).toContain('Now');
  });
});

describe.each(testDialects())('user-provided keys on %s', (dialect) => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator, {
      providers: {
        ...simProviders(simulator),
        anthropic: { apiKey: 'user_provided', reverseProxy: simulator.url },
      },
    });
  });
  afterAll(() => app.close());

  const putKey = (value: string, expiresAt: string) =>
    newKey(app, app.userId, { name: 'anthropic', value, expiresAt });

  it('no key is a 403 with the no_user_key JSON; a stored key reaches the provider', async () => {
    const none = await ask(app, 'anthropic', { ...fresh, text: 'hi', model: 'claude-2.1' });
    expect(none.status).toBe(403);
    expect(JSON.parse((JSON.parse(none.body) as { message: string }).message)).toEqual({
      type: 'no_user_key',
    });
    await putKey('sk-user-own', new Date(Date.now() + 3600_000).toISOString());
    const res = await ask(app, 'anthropic', {
      ...fresh,
      text: `hi ${sim({ echo: true })}`,
      model: 'claude-2.1',
    });
    expect(JSON.parse(res.events.final!.responseMessage.text)).toMatchObject({ auth: 'sk-user-own' });
  });

  it('an expired key is refused with the expired JSON before any stream', async () => {
    await putKey('sk-user-soon', new Date(Date.now() + 1000).toISOString());
    // The key's last second passes on a fake clock: Date only, so the sockets and timers stay real.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 1100 });
    const res = await ask(app, 'anthropic', { ...fresh, text: 'hi', model: 'claude-2.1' }).finally(() =>
      vi.useRealTimers(),
    );
    expect(res.status).toBe(403);
    const message = JSON.parse((JSON.parse(res.body) as { message: string }).message) as Record<
      string,
      string
    >;
    expect(message).toMatchObject({ type: 'expired_user_key' });
    expect(message['expiredAt']).toBeTruthy();
  });
});
