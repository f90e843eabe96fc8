import { startSim, type Sim } from '@parley/sim';
import { API, NIL_UUID } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { ask, post, startChatApp, type ChatApp } from './chat.test-helpers';
import { cleanTitle } from './titles.service';
import { newUser } from '../../../test/factories.test-helpers';

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

describe('cleanTitle', () => {
  it('strips quotes, a "Title:" prefix and a final period, keeps one line, cuts at 60 characters', () => {
    expect(cleanTitle('"Weekend trip plans."')).toBe('Weekend trip plans');
    expect(cleanTitle('Title: «Rust lifetimes»\nmore')).toBe('Rust lifetimes');
    expect(cleanTitle('  \n ')).toBeNull();
    const long = cleanTitle('x'.repeat(100))!;
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe.each(testDialects())('conversation titles on %s', (dialect) => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator);
  });
  afterAll(() => app.close());

  it('the first reply of a new conversation gets a title from the title model; gen_title answers it', async () => {
    simulator.clearRequests();
    const res = await ask(app, 'openAI', {
      text: 'Plan a trip',
      parentMessageId: NIL_UUID,
      conversationId: null,
      model: 'gpt-4',
    });
    const conversationId = res.events.final!.conversation.conversationId;
    const titled = await post(app, app.token, API.convosGenTitle, { conversationId });
    expect(titled.status).toBe(200);
    const { title } = (await titled.json()) as { title: string };
    expect(title.startsWith('Hello from the simulated gpt-3.5-turbo')).toBe(true);
    expect(title.length).toBeLessThanOrEqual(60);
    const titleCall = simulator.requests().find((r) => !(r.body as { stream?: boolean }).stream);
    expect(titleCall?.model).toBe('gpt-3.5-turbo');
    const list = await app.app.inject({
      method: 'GET',
      url: `${API.convos}/${conversationId}`,
      headers: { authorization: `Bearer ${app.token}` },
    });
    expect(list.json()).toMatchObject({ title });
  });

  it("gen_title for another user's conversation is 404", async () => {
    const res = await ask(app, 'openAI', { text: 'Hi', parentMessageId: NIL_UUID, conversationId: null });
    const other = await newUser(app.app);
    const conversationId = res.events.final!.conversation.conversationId;
    expect((await post(app, other.token, API.convosGenTitle, { conversationId })).status).toBe(404);
  });
});
