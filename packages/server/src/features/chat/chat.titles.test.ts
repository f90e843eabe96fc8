import { startSim, type Sim } from '@parley/sim';
import { API, NIL_UUID, TITLE_MODEL, type ChatFinalEvent } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { sseReader } from '../../lib/sse.test-helpers';
import { ask, get, parseEvents, post, sim, startChatApp, startSlow, type ChatApp } from './chat.test-helpers';
import { cleanTitle, fallbackTitle } from './titles.service';
import { newUser } from '../../../test/factories.test-helpers';

let simulator: Sim;
beforeAll(async () => {
  // The title request's prompt is "User: <question>\n\nAssistant: <reply>": these rules reach the title call only.
  simulator = await startSim({
    defaults: { rate: 0 },
    rules: [
      { contains: 'failing title\n\nAssistant:', script: { error: { status: 500, kind: 'server' } } },
      { contains: 'empty title\n\nAssistant:', script: { reply: '  ' } },
      { contains: 'slow title\n\nAssistant:', script: { reply: 'The model title', firstTokenDelayMs: 800 } },
    ],
  });
});
afterAll(() => simulator.close());

describe('cleanTitle', () => {
  it('strips quotes, a "Title:" prefix and a final period, keeps one line, cuts at 60 characters', () => {
    expect(cleanTitle('"Weekend trip plans."')).toBe('Weekend trip plans');
    expect(cleanTitle('Title: «Rust lifetimes»\nmore')).toBe('Rust lifetimes');
    expect(cleanTitle('  \n ')).toBeNull();
    expect(cleanTitle('## **Retry helper**\n\nText')).toBe('Retry helper');
    expect(cleanTitle('# Title: C# tips')).toBe('C# tips');
    const long = cleanTitle('x'.repeat(100))!;
    expect(long).toHaveLength(60);
    expect(long.endsWith('…')).toBe(true);
  });
});

describe('fallbackTitle (the first question as the title)', () => {
  it('trims and collapses whitespace, keeps a short question whole, in its own words', () => {
    expect(fallbackTitle('  Plan   a\n\ttrip to Rome?  ')).toBe('Plan a trip to Rome?');
    expect(fallbackTitle('李雷的周末计划')).toBe('李雷的周末计划');
    expect(fallbackTitle(' \n ')).toBeNull();
  });

  it('cuts a long question at a word boundary within 40 characters and adds an ellipsis', () => {
    const title = fallbackTitle('How do I convince my landlord to fix the heating before the winter comes?')!;
    expect(title).toBe('How do I convince my landlord to fix…');
    expect(title.length).toBeLessThanOrEqual(40);
    // A word longer than half the room is cut between characters.
    expect(fallbackTitle(`Explain ${'x'.repeat(60)}`)).toBe(`Explain ${'x'.repeat(31)}…`);
  });

  it('cuts CJK text by characters, each taking two columns', () => {
    const question = '请帮我写一封给房东的信，要求他在冬天到来之前修好暖气，并且说明这件事已经拖了很久';
    const title = fallbackTitle(question)!;
    expect(title).toBe(`${question.slice(0, 19)}…`);
  });

  it('counts an emoji or an ideograph outside the BMP as one character and never splits it', () => {
    const title = fallbackTitle('👩‍👩‍👧'.repeat(50))!;
    expect(title.endsWith('…')).toBe(true);
    expect(title.slice(0, -1).replaceAll('👩‍👩‍👧', '')).toBe('');
  });

  it('leaves out [[sim …]] scripts, even with "]]" inside their JSON; an unclosed marker stays', () => {
    expect(fallbackTitle(`Plan a trip ${sim({ reply: 'ok' })}`)).toBe('Plan a trip');
    expect(fallbackTitle(`${sim({ reply: 'a]]b', tokens: 3 })} then ${sim({ hang: true })} Hi`)).toBe(
      'then Hi',
    );
    expect(fallbackTitle(sim({ reply: 'only a script' }))).toBeNull();
    expect(fallbackTitle('[[sim not json]] Hi')).toBe('[[sim not json]] Hi');
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
    expect(title.startsWith(`Hello from the simulated ${TITLE_MODEL}`)).toBe(true);
    expect(title.length).toBeLessThanOrEqual(60);
    const titleCall = simulator.requests().find((r) => !(r.body as { stream?: boolean }).stream);
    expect(titleCall?.model).toBe(TITLE_MODEL);
    const list = await app.app.inject({
      method: 'GET',
      url: `${API.convos}/${conversationId}`,
      headers: { authorization: `Bearer ${app.token}` },
    });
    expect(list.json()).toMatchObject({ title });
  });

  const titleOf = async (endpoint: string, text: string, extra: Record<string, unknown> = {}) => {
    const res = await ask(app, endpoint, { text, parentMessageId: NIL_UUID, conversationId: null, ...extra });
    const conversationId = res.events.final!.conversation.conversationId;
    const titled = await post(app, app.token, API.convosGenTitle, { conversationId });
    expect(titled.status).toBe(200);
    return ((await titled.json()) as { title: string }).title;
  };

  it('titles off for the endpoint: the title is the first question, without its sim script', async () => {
    // The test's custom endpoint does not set titleConvo.
    simulator.clearRequests();
    expect(await titleOf('Mistral', `  Plan a   trip to Rome ${sim({ reply: 'Sure.' })}`)).toBe(
      'Plan a trip to Rome',
    );
    expect(simulator.requests().some((r) => !(r.body as { stream?: boolean }).stream)).toBe(false);
  });

  it('the title call fails: the title is the first question', async () => {
    expect(await titleOf('openAI', '李雷的 failing title', { model: 'gpt-4' })).toBe('李雷的 failing title');
  });

  it('the title model answers empty: the title is the first question', async () => {
    expect(await titleOf('openAI', 'An empty title', { model: 'gpt-4' })).toBe('An empty title');
  });

  it('a rename while the title is being written wins: the late title does not replace it', async () => {
    const res = await ask(app, 'openAI', {
      text: 'A slow title',
      parentMessageId: NIL_UUID,
      conversationId: null,
      model: 'gpt-4',
    });
    const conversationId = res.events.final!.conversation.conversationId;
    const renamed = await post(app, app.token, API.convosUpdate, { arg: { conversationId, title: 'Mine' } });
    expect(renamed.status).toBe(200);
    // The title call answers 800 ms after the reply; wait past it.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const titled = await post(app, app.token, API.convosGenTitle, { conversationId });
    expect(await titled.json()).toEqual({ title: 'Mine' });
  });

  it('a stopped first reply titles the chat with the question, without the title model', async () => {
    simulator.clearRequests();
    const question = '帮我规划周末去杭州的行程';
    const { reader, conversationId } = await startSlow(app, { tokens: 200, rate: 50 }, undefined, question);
    const res = await post(app, app.token, `${API.ask}/openAI/abort`, { abortKey: conversationId });
    expect(res.status).toBe(200);
    const stopped = (await res.json()) as ChatFinalEvent;
    expect(stopped.conversation.title).toBe(question);
    expect(parseEvents(await reader.rest()).final?.conversation.title).toBe(question);
    const titled = await post(app, app.token, API.convosGenTitle, { conversationId });
    expect(await titled.json()).toEqual({ title: question });
    const listed = await get(app, app.token, `${API.convos}/${conversationId}`);
    expect(await listed.json()).toMatchObject({ title: question });
    expect(simulator.requests().filter((r) => !(r.body as { stream?: boolean }).stream)).toEqual([]);
  });

  it('a stopped reply in a titled chat keeps its title', async () => {
    const first = await ask(app, 'Mistral', {
      text: 'First question',
      parentMessageId: NIL_UUID,
      conversationId: null,
    });
    const { conversationId } = first.events.final!.conversation;
    const renamed = await post(app, app.token, API.convosUpdate, { arg: { conversationId, title: 'Mine' } });
    expect(renamed.status).toBe(200);
    const second = await post(app, app.token, `${API.ask}/Mistral`, {
      text: `Second ${sim({ tokens: 200, rate: 50 })}`,
      conversationId,
      parentMessageId: first.events.final!.responseMessage.messageId,
    });
    const reader = sseReader(second.body!);
    await reader.next();
    await reader.next();
    const res = await post(app, app.token, `${API.ask}/Mistral/abort`, { abortKey: conversationId });
    expect(((await res.json()) as ChatFinalEvent).conversation.title).toBe('Mine');
    await reader.rest();
  });

  it("gen_title for another user's conversation is 404", async () => {
    const res = await ask(app, 'openAI', { text: 'Hi', parentMessageId: NIL_UUID, conversationId: null });
    const other = await newUser(app.app);
    const conversationId = res.events.final!.conversation.conversationId;
    expect((await post(app, other.token, API.convosGenTitle, { conversationId })).status).toBe(404);
  });
});
