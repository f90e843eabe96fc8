import { startSim, type Sim } from '@parley/sim';
import { API } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sseReader } from '../../lib/sse.test-helpers';
import { signAccessToken, verifyAccessTokenClaims } from '../auth/access-token';
import { newUser } from '../../../test/factories.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { generated, messagesOf, parseEvents, post, startChatApp, type ChatApp } from './chat.test-helpers';
import { followReply, openFeed, sendElsewhere } from './chat.sync.test-helpers';

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

describe.each(testDialects())('following a reply from another window on %s', (dialect) => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator);
  });
  afterAll(() => app.close());

  it('the feed names a reply that starts; its stream is followed to the final text; then the feed says it ended', async () => {
    const feed = await openFeed(app, app.token);
    const sender = await sendElsewhere(app, { tokens: 30, rate: 40 });
    const started = await feed.next();
    expect(started).toMatchObject({ sync: true, state: 'started', endpoint: 'openAI' });
    const followed = await followReply(app, app.token, started!.conversationId);
    expect(followed.status).toBe(200);
    const events = parseEvents(await sseReader(followed.body!).rest());
    // The replay starts with the question the feed named, and the reply is the one it named.
    expect(events.messages[0]).toMatchObject({
      created: true,
      message: { messageId: started!.requestMessageId, conversationId: started!.conversationId },
    });
    expect(events.deltas.join('')).toBe(generated(30));
    expect(events.final?.responseMessage).toMatchObject({
      messageId: started!.responseMessageId,
      parentMessageId: started!.requestMessageId,
      sender: started!.sender,
      text: generated(30),
    });
    expect(await feed.next()).toMatchObject({ state: 'ended', conversationId: started!.conversationId });
    await feed.close();
    await sender.stream.cancel();
  });

  it("another user's feed hears nothing of it", async () => {
    const other = await newUser(app.app);
    const theirs = await openFeed(app, other.token);
    const mine = await openFeed(app, app.token);
    const sender = await sendElsewhere(app, { tokens: 3 });
    expect(await mine.next()).toMatchObject({ state: 'started' });
    expect(await mine.next()).toMatchObject({ state: 'ended' });
    await sender.stream.rest();
    // Their first frame is their own reply's, published after all of mine: nothing of mine came before it.
    const own = await sendElsewhere(app, { tokens: 3 }, other.token);
    const first = await theirs.next();
    const created = JSON.parse((await own.stream.next())!.data!) as { message: { conversationId: string } };
    expect(first).toMatchObject({ state: 'started', conversationId: created.message.conversationId });
    await own.stream.rest();
    await theirs.close();
    await mine.close();
  });

  it('a follower of a reply that is stopped ends with its final event; the feed says it ended', async () => {
    const feed = await openFeed(app, app.token);
    const sender = await sendElsewhere(app, { hang: true });
    const started = (await feed.next())!;
    const followed = await followReply(app, app.token, started.conversationId);
    expect(followed.status).toBe(200);
    const reader = sseReader(followed.body!);
    expect(JSON.parse((await reader.next())!.data!)).toMatchObject({ created: true });
    const abort = await post(app, app.token, `${API.ask}/openAI/abort`, {
      abortKey: started.conversationId,
      endpoint: 'openAI',
    });
    expect(abort.status).toBe(200);
    const rest = parseEvents(await reader.rest());
    expect(rest.final?.responseMessage).toMatchObject({
      messageId: started.responseMessageId,
      unfinished: true,
    });
    expect(await feed.next()).toMatchObject({ state: 'ended', conversationId: started.conversationId });
    await feed.close();
    sender.leave();
  });

  it('a follower of a reply that fails ends with its error event; the saved reply shows the error', async () => {
    const feed = await openFeed(app, app.token);
    // The first token is late, so the follower is attached before the provider fails.
    const sender = await sendElsewhere(app, { tokens: 10, firstTokenDelayMs: 1500, errorAfter: 2 });
    const started = (await feed.next())!;
    const followed = await followReply(app, app.token, started.conversationId);
    expect(followed.status).toBe(200);
    const events = parseEvents(await sseReader(followed.body!).rest());
    expect(events.error).toMatchObject({ error: true, messageId: started.responseMessageId });
    expect(events.final).toBeUndefined();
    expect(await feed.next()).toMatchObject({ state: 'ended' });
    const saved = await messagesOf(app, started.conversationId);
    expect(saved.find((m) => m.messageId === started.responseMessageId)).toMatchObject({ error: true });
    await feed.close();
    sender.leave();
  });

  it('a page that left its feed is no longer written to; the next reply and a new feed still work', async () => {
    const dropped = await openFeed(app, app.token);
    await dropped.close();
    const feed = await openFeed(app, app.token);
    const sender = await sendElsewhere(app, { tokens: 3 });
    expect(await feed.next()).toMatchObject({ state: 'started' });
    expect(await feed.next()).toMatchObject({ state: 'ended' });
    expect((await sender.stream.rest()).length).toBeGreaterThan(0);
    await feed.close();
  });

  it('ends the feed when the token it was opened with expires; a fresh token opens it again', async () => {
    // The app user's own session, on a token that runs out within 2–3 s (exp is in whole seconds): long enough to
    // be accepted on a busy machine, short enough for the test's 20 s.
    const secret = app.config.secrets.jwtSecret;
    const { sessionId } = (await verifyAccessTokenClaims(secret, app.token))!;
    const shortLived = await signAccessToken(secret, app.userId, sessionId, { expiresInSeconds: 3 });
    const feed = await openFeed(app, shortLived);
    // Heartbeats aside, the feed ends (next() answers null) once the token has run out.
    expect(await feed.next()).toBeNull();
    await feed.close();
    const again = await openFeed(app, app.token);
    const sender = await sendElsewhere(app, { tokens: 3 });
    expect(await again.next()).toMatchObject({ state: 'started' });
    await sender.stream.rest();
    await again.close();
  });

  it('refuses a feed without a valid token (401)', async () => {
    const res = await fetch(`${app.base}${API.askSync}`, { headers: { authorization: 'Bearer nope' } });
    expect(res.status).toBe(401);
  });
});
