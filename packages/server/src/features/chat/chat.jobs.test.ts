import { startSim, type Sim } from '@parley/sim';
import { API, NIL_UUID, type ChatFinalEvent } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseReader, type ParsedFrame } from '../../lib/sse.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import {
  ask,
  eventually,
  get,
  messagesOf,
  parseEvents,
  post,
  generated,
  startChatApp,
  startSlow,
  type ChatApp,
} from './chat.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

describe.each(testDialects())('chat jobs: abort, disconnect, resume on %s', (dialect) => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator);
  });
  afterAll(() => app.close());

  it('abort mid-stream saves the partial as unfinished and answers it; the stream ends with final', async () => {
    const { reader, conversationId, first } = await startSlow(app, { tokens: 200, rate: 50 });
    expect(JSON.parse(first.data!)).toHaveProperty('text');
    const res = await post(app, app.token, `${API.ask}/openAI/abort`, {
      abortKey: `${conversationId}:last-message-id`,
      endpoint: 'openAI',
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as ChatFinalEvent;
    expect(body.final).toBe(true);
    expect(body.responseMessage.unfinished).toBe(true);
    expect(body.responseMessage.text.length).toBeGreaterThan(0);
    expect(generated(200).startsWith(body.responseMessage.text)).toBe(true);
    const rest = parseEvents(await reader.rest());
    expect(rest.final?.responseMessage.text).toBe(body.responseMessage.text);
    const saved = await messagesOf(app, conversationId);
    expect(body.responseMessage.finish_reason).toBe('incomplete');
    // Saved as stopped by the user, so a reload still shows it so.
    expect(saved[1]).toMatchObject({
      text: body.responseMessage.text,
      unfinished: true,
      error: false,
      finish_reason: 'incomplete',
    });
    const again = await post(app, app.token, `${API.ask}/openAI/abort`, {
      abortKey: `${conversationId}:x`,
      endpoint: 'openAI',
    });
    expect(again.status).toBe(404);
  });

  it('a client that disconnects does not stop the job: the whole reply is saved', async () => {
    const controller = new AbortController();
    const { reader, conversationId } = await startSlow(app, { tokens: 30, rate: 60 }, controller.signal);
    controller.abort();
    await reader.cancel();
    const saved = await eventually(
      () => messagesOf(app, conversationId),
      (all) => all[1]?.unfinished === false,
    );
    expect(saved[1]).toMatchObject({ text: generated(30), unfinished: false, error: false });
  });

  it('resume replays from the start, then follows live, each event exactly once', async () => {
    const { reader, conversationId, created, first } = await startSlow(app, { tokens: 40, rate: 40 });
    // Part of the reply is out before the resume (replayed), the rest comes after (followed live).
    const early: ParsedFrame[] = [];
    while (early.length < 8) early.push((await reader.next())!);
    const resumed = await get(app, app.token, `${API.askStream}/${conversationId}`);
    expect(resumed.status).toBe(200);
    const replay = parseEvents(await sseReader(resumed.body!).rest());
    const original = parseEvents([created, first, ...early, ...(await reader.rest())]);
    expect(replay.frames.map((f) => f.id)).toEqual(original.frames.map((f) => f.id));
    expect(replay.messages.filter((m) => m['created'] === true)).toHaveLength(1);
    expect(replay.deltas.join('')).toBe(generated(40));
    expect(replay.final?.responseMessage.text).toBe(generated(40));
    // Frames: no `event:` line for message events; only the first delta names the reply.
    expect(original.frames.every((f) => f.event === undefined && f.id)).toBe(true);
    const replyId = replay.final?.responseMessage.messageId;
    const deltas = original.messages.filter((m) => typeof m['text'] === 'string' && !('final' in m));
    expect(deltas.length).toBeGreaterThan(2);
    expect(deltas.map((m) => m['messageId'])).toEqual([replyId, ...deltas.slice(1).map(() => undefined)]);
  });

  it('a follower that joins mid-reply learns the reply id on the first delta it receives', async () => {
    const { reader, conversationId, first } = await startSlow(app, { tokens: 20, rate: 40 });
    const second = (await reader.next())!;
    expect(JSON.parse(second.data!)).not.toHaveProperty('messageId');
    const resumed = await get(app, app.token, `${API.askStream}/${conversationId}`, {
      'last-event-id': first.id!,
    });
    const replay = parseEvents(await sseReader(resumed.body!).rest());
    await reader.cancel();
    const replyId = (JSON.parse(first.data!) as { messageId: string }).messageId;
    expect(replyId).toBe(replay.final?.responseMessage.messageId);
    const deltas = replay.messages.filter((m) => typeof m['text'] === 'string' && !('final' in m));
    expect(deltas[0]).toEqual({ text: JSON.parse(second.data!).text, messageId: replyId });
    expect(deltas.slice(1).some((m) => 'messageId' in m)).toBe(false);
    expect(replay.deltas.join('')).toBe(generated(20).slice(JSON.parse(first.data!).text.length));
  });

  it('resume after Last-Event-ID skips what the client had', async () => {
    const { reader, conversationId, created } = await startSlow(app, { tokens: 20, rate: 40 });
    const resumed = await get(app, app.token, `${API.askStream}/${conversationId}`, {
      'last-event-id': created.id!,
    });
    const replay = parseEvents(await sseReader(resumed.body!).rest());
    await reader.cancel();
    expect(replay.messages.some((m) => m['created'] === true)).toBe(false);
    expect(replay.deltas.join('')).toBe(generated(20));
  });

  it("another user's conversation is 404 on ask, abort and resume; no job is 404 too", async () => {
    const { reader, conversationId } = await startSlow(app, { tokens: 40, rate: 40 });
    const other = await newUser(app.app);
    const sent = await ask(
      app,
      'openAI',
      { text: 'hi', parentMessageId: NIL_UUID, conversationId },
      other.token,
    );
    expect(sent.status).toBe(404);
    const abort = await post(app, other.token, `${API.ask}/openAI/abort`, { abortKey: conversationId });
    expect(abort.status).toBe(404);
    expect((await get(app, other.token, `${API.askStream}/${conversationId}`)).status).toBe(404);
    await reader.rest();
    expect((await get(app, app.token, `${API.askStream}/${conversationId}`)).status).toBe(404);
  });
});

describe.each(testDialects())('concurrent message slots on %s', (dialect) => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator, {
      limits: { limitConcurrentMessages: true, concurrentMessageMax: 1 },
    });
  });
  afterAll(() => app.close());

  it('a second send while a job runs is a 429 concurrent; the slot frees when the job ends', async () => {
    const { reader } = await startSlow(app, { tokens: 20, rate: 40 });
    const refused = await ask(app, 'openAI', { text: 'hi', parentMessageId: NIL_UUID, conversationId: null });
    expect(refused.status).toBe(429);
    expect(JSON.parse((JSON.parse(refused.body) as { message: string }).message)).toEqual({
      type: 'concurrent',
      limit: 1,
    });
    await reader.rest();
    const accepted = await eventually(
      () => ask(app, 'openAI', { text: 'hi', parentMessageId: NIL_UUID, conversationId: null }),
      (res) => res.status === 200,
    );
    expect(accepted.status).toBe(200);
  });
});
