import {
  startBingChatHub,
  startChatGPTWeb,
  startSim,
  type BingChatHub,
  type ChatGPTWeb,
  type Sim,
} from '@parley/sim';
import { NIL_UUID } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newUser } from '../../../test/factories.test-helpers';
import { balanceOf, expectLedgerMatches } from '../balance/balance.test-helpers';
import { ask, startChatApp, type ChatApp } from './chat.test-helpers';

// chatGPTBrowser and bingAI are counted by the balance and limited like every endpoint: each model in its class
// (text-davinci-002-render-sha gpt-3, BingAI gpt-4), a refusal before the service is called, the message limit.
// docs/reference/endpoints-and-models.md (Services that keep their own thread)

let simulator: Sim;
let web: ChatGPTWeb;
let bing: BingChatHub;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
  web = await startChatGPTWeb();
  bing = await startBingChatHub();
});
afterAll(async () => {
  await simulator.close();
  await web.close();
  await bing.close();
});

const fresh = { parentMessageId: NIL_UUID, conversationId: null };
const legacy = () => ({
  chatGPTBrowser: { apiKey: web.token, reverseProxy: web.url },
  bingAI: { apiKey: bing.token, reverseProxy: bing.url },
});

describe('the legacy endpoints and the balance', () => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp('sqlite', simulator, {
      providers: legacy(),
      balance: { registrationGift: { credits: 0, gpt3Uses: 1, gpt4Uses: 1 } },
    });
  });
  afterAll(() => app.close());

  it('spends each model’s free use in its class, then refuses with token_balance before calling the service', async () => {
    const { token, user } = await newUser(app.app);
    const chat = await ask(app, 'chatGPTBrowser', { ...fresh, text: 'One' }, token);
    expect(chat.events.final).toBeDefined();
    expect((await balanceOf(app, token)).body).toEqual({ c: 0, t: { 'gpt-3': 0, 'gpt-4': 1 } });
    const bingReply = await ask(app, 'bingAI', { ...fresh, text: 'Two' }, token);
    expect(bingReply.events.final).toBeDefined();
    expect((await balanceOf(app, token)).body).toEqual({ c: 0, t: { 'gpt-3': 0, 'gpt-4': 0 } });
    await expectLedgerMatches(app.database.db, user.id);

    const requests = web.requests.length;
    const invocations = bing.invocations.length;
    const refused = await ask(app, 'chatGPTBrowser', { ...fresh, text: 'Three' }, token);
    expect(refused.status).toBe(402);
    expect(JSON.parse((JSON.parse(refused.body) as { message: string }).message)).toMatchObject({
      type: 'token_balance',
    });
    expect((await ask(app, 'bingAI', { ...fresh, text: 'Four' }, token)).status).toBe(402);
    expect(web.requests.length).toBe(requests);
    expect(bing.invocations.length).toBe(invocations);
  });
});

describe('the legacy endpoints and the message limit', () => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp('sqlite', simulator, {
      providers: legacy(),
      limits: { limitMessageUser: true, messageUserMax: 1, messageUserWindowMinutes: 1 },
    });
  });
  afterAll(() => app.close());

  it('counts their sends with the others: the second within the window is a 429', async () => {
    const { token } = await newUser(app.app);
    expect((await ask(app, 'bingAI', { ...fresh, text: 'One' }, token)).status).toBe(200);
    expect((await ask(app, 'chatGPTBrowser', { ...fresh, text: 'Two' }, token)).status).toBe(429);
  });
});
