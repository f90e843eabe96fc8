import { startSim, type Sim } from '@parley/sim';
import { NIL_UUID, type Assistant, type ContentPart } from '@parley/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { sseReader } from '../../lib/sse.test-helpers';
import { OAUTH_SUCCESS_TEXT } from '../actions/action-oauth.routes';
import type { LocalServer } from '../actions/local-api.test-helpers';
import { startLocalProvider, type LocalProvider } from '../actions/local-oauth-provider.test-helpers';
import { parseEvents, post, sim, startChatApp, type ChatApp } from '../chat/chat.test-helpers';
import {
  ANSWER_TOOL,
  API_ANSWER,
  followConsent,
  oauthActionBody,
  startAnswerApi,
  stepsOf,
  untilConsentShown,
} from './assistant-oauth.test-helpers';

// docs/reference/assistants.md (Signing in to an action): an OAuth action without a usable token shows the consent
// address on its step, the run waits in `requires_action` until the callback stored the token, then the call is made.

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

const CHAT = '/api/assistants/chat';
const fresh = { parentMessageId: NIL_UUID, conversationId: null };
const oneCall = { steps: [{ toolCalls: [{ name: ANSWER_TOOL, input: {} }] }, { echoToolResults: true }] };
const twoCalls = {
  steps: [
    {
      toolCalls: [
        { name: ANSWER_TOOL, input: {} },
        { name: ANSWER_TOOL, input: {} },
      ],
    },
    { echoToolResults: true },
  ],
};

describe.each(testDialects())('an OAuth action in an assistant’s chat on %s', (dialect) => {
  let app: ChatApp | undefined;
  let provider: LocalProvider | undefined;
  let api: LocalServer | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await Promise.all([app?.close(), provider?.close(), api?.close()]);
    app = provider = api = undefined;
  });

  async function start() {
    provider = await startLocalProvider('post');
    api = await startAnswerApi();
    app = await startChatApp(dialect, simulator, {
      assistants: { models: { default: ['gpt-4o'] }, pollIntervalMs: 25, timeoutMs: 3_600_000 } as never,
      // The provider and the API are on this machine: the operator opened loopback to user-given URLs.
      network: { userURLAllowedRanges: ['127.0.0.0/8'] },
    });
    return { app, provider, api };
  }
  /** An assistant of the user with the test API saved as an OAuth action. */
  async function assistantWithAction(token = app!.token) {
    const created = await post(app!, token, '/api/assistants', { model: 'gpt-4o' });
    const assistant = (await created.json()) as Assistant;
    const saved = await post(
      app!,
      token,
      `/api/assistants/actions/${assistant.id}`,
      oauthActionBody(provider!, api!),
    );
    expect(saved.status).toBe(200);
    const [, , action] = (await saved.json()) as [unknown, unknown, { action_id: string }];
    return { assistantId: assistant.id, actionId: action.action_id };
  }
  const ask = async (assistantId: string, script: Record<string, unknown>, token = app!.token) => {
    const res = await post(app!, token, CHAT, {
      ...fresh,
      assistant_id: assistantId,
      text: `What is the answer? ${sim(script)}`,
    });
    expect(res.status).toBe(200);
    return sseReader(res.body!);
  };
  const runsOf = (userId = app!.userId) =>
    app!.database.db.selectFrom('assistant_runs').selectAll().where('user_id', '=', userId).execute();
  const tokenRows = () =>
    app!.database.db.selectFrom('action_oauth_tokens').selectAll().orderBy('user_id').execute();

  it('shows the consent address, waits in requires_action, and makes the calls with the token once consented', async () => {
    const { provider, api } = await start();
    const { assistantId, actionId } = await assistantWithAction();
    const reader = await ask(assistantId, twoCalls);
    const first = await untilConsentShown(reader);
    const auth = new URL(first.step.tool_call.auth!);
    expect(`${auth.origin}${auth.pathname}`).toBe(`${provider.origin}/authorize`);
    expect(auth.searchParams.get('redirect_uri')).toBe(
      `${app!.config.domainServer}/api/actions/${actionId}/oauth/callback`,
    );
    expect(first.step.tool_call).toMatchObject({ name: ANSWER_TOOL, output: null });
    expect(first.step.tool_call.expires_at).toBeGreaterThan(Date.now());
    // The run reads requires_action before the client sees the address.
    expect((await runsOf()).map((r) => r.status)).toEqual(['requires_action']);
    // The second call of the action shares the wait: the same address on its own step.
    const second = await untilConsentShown(reader);
    expect(second.step.tool_call.id).not.toBe(first.step.tool_call.id);
    expect(second.step.tool_call).toMatchObject({
      auth: first.step.tool_call.auth,
      expires_at: first.step.tool_call.expires_at,
    });
    expect(api.received).toEqual([]);

    const callback = await followConsent(app!.base, first.step.tool_call.auth!);
    expect(callback).toMatchObject({ status: 200, page: expect.stringContaining(OAUTH_SUCCESS_TEXT) });
    const rest = await reader.rest();
    const { final } = parseEvents(rest);
    expect(final?.run).toMatchObject({ status: 'completed', last_error: null });
    expect((await runsOf()).map((r) => r.status)).toEqual(['completed']);
    // Each step went on without the address, then ended with the API's answer.
    for (const id of [first.step.tool_call.id, second.step.tool_call.id]) {
      const updates = stepsOf(rest).filter((s) => s.tool_call.id === id);
      expect(updates.at(0)?.tool_call).not.toHaveProperty('auth');
      expect(updates.at(-1)?.tool_call.output).toContain(API_ANSWER);
    }
    const content = final!.responseMessage.content as ContentPart[];
    expect(content.map((p) => p.type)).toEqual(['tool_call', 'tool_call', 'text']);
    for (const part of content.slice(0, 2)) {
      expect(part).toMatchObject({ tool_call: { output: expect.stringContaining(API_ANSWER), progress: 1 } });
      expect(part.type === 'tool_call' && part.tool_call).not.toHaveProperty('auth');
    }
    expect(final!.responseMessage.text).toContain(API_ANSWER);

    // One exchange of the code; both calls carried its access token; the tokens are stored sealed.
    expect(provider.tokenCalls.map((c) => c.grant)).toEqual(['authorization_code']);
    const [access] = provider.issued;
    expect(api.received.map((r) => r.headers.authorization)).toEqual([
      `Bearer ${access}`,
      `Bearer ${access}`,
    ]);
    const rows = await tokenRows();
    expect(rows).toEqual([expect.objectContaining({ user_id: app!.userId, action_id: actionId })]);
    expect(JSON.stringify(rows)).not.toContain(access);
    expect(JSON.stringify(rows)).not.toContain('refresh-');

    // The next turn uses the stored token: no address, no new exchange.
    const again = parseEvents(await (await ask(assistantId, oneCall)).rest());
    expect(stepsOf(again.frames).some((s) => s.tool_call.auth)).toBe(false);
    expect(again.final?.run?.status).toBe('completed');
    expect(provider.tokenCalls).toHaveLength(1);
    expect(api.received).toHaveLength(3);
  });

  it('fails the step once the consent link expired, and the run goes on', async () => {
    const { api } = await start();
    const { assistantId } = await assistantWithAction();
    const reader = await ask(assistantId, oneCall);
    const { step } = await untilConsentShown(reader);
    // The clock passes the link's expiry; the next look at the token store sees it.
    vi.useFakeTimers({ toFake: ['Date'], now: step.tool_call.expires_at! + 1, shouldAdvanceTime: true });
    const { final } = parseEvents(await reader.rest());
    vi.useRealTimers();
    expect(final?.run).toMatchObject({ status: 'completed' });
    const content = final!.responseMessage.content as ContentPart[];
    expect(content[0]).toMatchObject({
      type: 'tool_call',
      tool_call: {
        output: `error processing tool ${ANSWER_TOOL}: the sign-in was not completed`,
        progress: 1,
      },
    });
    expect(final!.responseMessage.text).toContain('the sign-in was not completed');
    expect(api.received).toEqual([]);
    expect(await tokenRows()).toEqual([]);
  });

  it('cancels the run when stopped while it waits', async () => {
    const { api } = await start();
    const { assistantId } = await assistantWithAction();
    const reader = await ask(assistantId, oneCall);
    const { frames } = await untilConsentShown(reader);
    const created = JSON.parse(frames[0]!.data!) as {
      message: { conversationId: string; messageId: string };
    };
    expect((await runsOf()).map((r) => r.status)).toEqual(['requires_action']);
    const aborted = await post(app!, app!.token, `${CHAT}/abort`, {
      abortKey: `${created.message.conversationId}:${created.message.messageId}`,
    });
    expect(aborted.status).toBe(200);
    const final = (await aborted.json()) as {
      run: { status: string };
      responseMessage: { content: ContentPart[] };
    };
    expect(final.run.status).toBe('cancelled');
    await reader.rest();
    expect((await runsOf()).map((r) => r.status)).toEqual(['cancelled']);
    const [step] = final.responseMessage.content;
    expect(step).toMatchObject({
      type: 'tool_call',
      tool_call: { output: `error processing tool ${ANSWER_TOOL}: stopped before it finished`, progress: 1 },
    });
    expect(step?.type === 'tool_call' && step.tool_call).not.toHaveProperty('auth');
    expect(api.received).toEqual([]);
  });

  it("refuses a callback whose state is another user's, and one user's consent does not count for another", async () => {
    await start();
    const a = await assistantWithAction();
    const other = await newUser(app!.app);
    const b = await assistantWithAction(other.token);
    const readerA = await ask(a.assistantId, oneCall);
    const shownA = await untilConsentShown(readerA);
    const readerB = await ask(b.assistantId, oneCall, other.token);
    const shownB = await untilConsentShown(readerB);
    // B's state on the callback of A's action: refused, nothing stored.
    const forged = await followConsent(app!.base, shownB.step.tool_call.auth!, (callback) => {
      callback.pathname = `/api/actions/${a.actionId}/oauth/callback`;
      return callback;
    });
    expect(forged).toMatchObject({
      status: 400,
      page: expect.stringContaining('Mismatched action ID in state parameter'),
    });
    expect(await tokenRows()).toEqual([]);

    // B consents for B: B's run goes on; A's still waits (B's send did not sweep it away either).
    expect((await followConsent(app!.base, shownB.step.tool_call.auth!)).status).toBe(200);
    expect(parseEvents(await readerB.rest()).final?.run?.status).toBe('completed');
    expect((await runsOf()).map((r) => r.status)).toEqual(['requires_action']);
    expect((await tokenRows()).map((r) => [r.user_id, r.action_id])).toEqual([[other.user.id, b.actionId]]);

    expect((await followConsent(app!.base, shownA.step.tool_call.auth!)).status).toBe(200);
    const { final } = parseEvents(await readerA.rest());
    expect(final?.run?.status).toBe('completed');
    expect(final?.responseMessage.text).toContain(API_ANSWER);
  });
});
