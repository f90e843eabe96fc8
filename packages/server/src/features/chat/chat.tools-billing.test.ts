import { startSim, type Sim } from '@parley/sim';
import { API, NIL_UUID, type ChatFinalEvent, type Message } from '@parley/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { sseReader } from '../../lib/sse.test-helpers';
import { readBalance } from '../ledger/ledger.repository';
import { entries, expectLedgerMatches } from '../balance/balance.test-helpers';
import { get, messagesOf, parseEvents, post, sim, startChatApp, type ChatApp } from './chat.test-helpers';
import { installPlugin } from './chat-tools.test-helpers';
import { startHeldSearch, type HeldSearchService } from './held-search.test-helpers';

// docs/reference/tools.md (A reply that uses tools), Billing: each model call of a reply that uses tools is a call
// of its own on the ledger (docs/reference/balance.md (A call)), held before it is made and settled once, however the
// reply ends: finished, stopped by the user, or finished after its client left.

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

const GIFT = 10_000_000_000;
const calc = (expression: string) => ({ name: 'calculator', input: { expression } });
const search = (query: string) => ({ name: 'searxng_search', input: { query } });

/** How a run ends, and what its model calls must come to on the ledger. */
const KINDS = {
  finishes: { calls: 3, charged: 3, unfinished: false },
  'client leaves at once': { calls: 3, charged: 3, unfinished: false },
  'client leaves while a tool runs': { calls: 3, charged: 3, unfinished: false },
  'stopped while a tool runs': { calls: 2, charged: 2, unfinished: true },
  // The call stopped before its first word is free: released, not charged.
  'stopped while the model is called': { calls: 2, charged: 1, unfinished: true },
} as const;
type Kind = keyof typeof KINDS;
const RUNS: { kind: Kind; marker: string }[] = Array.from({ length: 50 }, (_, i) => ({
  kind: Object.keys(KINDS)[i % 5] as Kind,
  marker: `run-${String(i).padStart(2, '0')}`,
}));

function scriptOf(kind: Kind, marker: string) {
  if (kind === 'stopped while the model is called')
    return { steps: [{ toolCalls: [calc('1 + 2')] }, { hang: true }] };
  const second = kind === 'finishes' || kind === 'client leaves at once' ? calc('3 + 4') : search(marker);
  return { steps: [{ toolCalls: [calc('1 + 2')] }, { toolCalls: [second] }], reply: 'Done.' };
}

/** The model calls the simulator received for one run (its marker is in the user's message of each). */
const callsOf = (marker: string) =>
  simulator
    .requests()
    .filter((r) => r.path.endsWith('/chat/completions') && JSON.stringify(r.body).includes(marker));

/** Waits until the simulator has received `n` calls of a run (a condition, not a delay). */
async function untilCalls(marker: string, n: number): Promise<void> {
  while (callsOf(marker).length < n) await new Promise((resolve) => setTimeout(resolve, 10));
}

const variants = testDialects().flatMap((dialect) => [
  { dialect, redis: false },
  ...(process.env.TEST_REDIS_URL ? [{ dialect, redis: true }] : []),
]);

describe.each(variants)(
  'billing 50 parallel replies that use tools, on $dialect (Redis: $redis)',
  (variant) => {
    let app: ChatApp;
    let searches: HeldSearchService;
    afterEach(async () => {
      await app?.close();
      await searches?.close();
    });

    /** One run, to its end: answers its conversation. */
    async function run(kind: Kind, marker: string): Promise<string> {
      const leaves = new AbortController();
      const res = await post(
        app,
        app.token,
        `${API.ask}/gptPlugins`,
        {
          parentMessageId: NIL_UUID,
          conversationId: null,
          model: 'gpt-4o',
          text: `Sums for ${marker} ${sim(scriptOf(kind, marker))}`,
          tools: ['calculator', 'searxng_search'],
        },
        leaves.signal,
      );
      expect(res.status).toBe(200);
      const reader = sseReader(res.body!);
      const created = JSON.parse((await reader.next())!.data!) as { message: Message };
      const { conversationId } = created.message;
      const leave = async () => {
        leaves.abort();
        await reader.cancel();
      };
      const stop = async () => {
        const answer = await post(app, app.token, `${API.ask}/gptPlugins/abort`, {
          abortKey: conversationId,
        });
        // The abort answers the final event, or 204 when the job took longer than the abort waits (a loaded machine);
        // the stream ends with the final event either way.
        expect([200, 204]).toContain(answer.status);
        if (answer.status === 200)
          expect(((await answer.json()) as ChatFinalEvent).responseMessage.unfinished).toBe(true);
        expect(parseEvents(await reader.rest()).final?.responseMessage.unfinished).toBe(true);
      };
      switch (kind) {
        case 'finishes':
          expect(parseEvents(await reader.rest()).final?.responseMessage.text).toBe('Done.');
          return conversationId;
        case 'client leaves at once':
          await leave();
          break;
        case 'client leaves while a tool runs':
          await searches.arrived(marker);
          await leave();
          await searches.release(marker, [{ title: 'Found', url: 'https://example.com/', content: marker }]);
          break;
        case 'stopped while a tool runs':
          await searches.arrived(marker);
          await stop();
          return conversationId;
        case 'stopped while the model is called':
          await untilCalls(marker, 2);
          await stop();
          return conversationId;
      }
      // The job goes on without its client: followed again (a reload would), to its end.
      const resumed = await get(app, app.token, `${API.askStream}/${conversationId}`);
      if (resumed.status === 200) await sseReader(resumed.body!).rest();
      else expect(resumed.status).toBe(404);
      return conversationId;
    }

    it('settles each model call exactly once, and the balance is the gift less what the calls were charged', async () => {
      searches = await startHeldSearch();
      app = await startChatApp(variant.dialect, simulator, {
        balance: { pricing: 'tokens', registrationGift: { credits: GIFT, gpt3Uses: 0, gpt4Uses: 0 } },
        titleConvo: false,
        redis: variant.redis,
        pluginEnv: { SEARXNG_INSTANCE_URL: searches.url },
      });
      for (const key of ['calculator', 'searxng_search'])
        expect((await installPlugin(app, key)).status).toBe(200);
      simulator.clearRequests();

      const conversations = await Promise.all(RUNS.map(({ kind, marker }) => run(kind, marker)));

      const db = app.database.db;
      const holds = await entries(db, app.userId, 'hold');
      const settles = await entries(db, app.userId, 'settle');
      // Every hold has exactly one settlement, by the hold's key, and nothing else was settled: none left open.
      expect(settles.map((s) => s.unique_key).sort()).toEqual(holds.map((h) => `settle:${h.id}`).sort());
      for (const [i, { kind, marker }] of RUNS.entries()) {
        const reply = (await messagesOf(app, conversations[i]!)).find((m) => !m.isCreatedByUser)!;
        const mine = settles.filter((s) => s.ref_id === reply.messageId);
        const expected = KINDS[kind];
        expect(
          {
            marker,
            calls: callsOf(marker).length,
            settled: mine.length,
            charged: mine.filter((s) => s.reason.startsWith('charged ')).length,
            unfinished: reply.unfinished,
            error: reply.error ? reply.text : false,
          },
          kind,
        ).toEqual({ marker, settled: expected.calls, ...expected, error: false });
      }
      const total = Object.values(KINDS).reduce((sum, k) => sum + k.calls, 0) * (RUNS.length / 5);
      expect(holds).toHaveLength(total);
      // Each call cost what its settlement says, never more than its hold.
      for (const hold of holds) {
        const settle = settles.find((s) => s.unique_key === `settle:${hold.id}`)!;
        expect(Number(hold.credits) + Number(settle.credits) + Number(settle.call_credits ?? 0)).toBe(0);
      }
      const charged = settles.reduce((sum, s) => sum + Number(s.call_credits ?? 0), 0);
      expect(charged).toBeGreaterThan(0);
      expect(await readBalance(db, app.userId)).toEqual({
        credits: GIFT - charged,
        gpt3Uses: 0,
        gpt4Uses: 0,
      });
      await expectLedgerMatches(db, app.userId);
    }, 120_000);
  },
);
