import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim, type Sim } from '@parley/sim';
import { NIL_UUID, type ContentPart } from '@parley/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { entries, expectLedgerMatches } from '../balance/balance.test-helpers';
import { toolUnpaidReason } from '../balance/tool-billing';
import { answerJson, startFakeService, type FakeService } from '../tools/search/fake-service.test-helpers';
import { tinyPng } from '../tools/images/image-tools.test-helpers';
import { ask, sim, startChatApp, type ChatApp } from './chat.test-helpers';
import { installPlugin } from './chat-tools.test-helpers';

// docs/reference/balance.md (Tools that cost money): a priced tool is paid before it runs, once; given back when it
// fails; not run when the credits cannot pay, and the reply goes on.

const PRICE = 50_000;
let simulator: Sim;
let images: FakeService;
let imagesStatus = 200;
let dataDir: string;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
  const png = (await tinyPng()).toString('base64');
  images = await startFakeService((_request, res) =>
    imagesStatus === 200
      ? answerJson(res, 200, { data: [{ b64_json: png }] })
      : answerJson(res, imagesStatus, {
          error: { message: 'The server had an error.', type: 'server_error' },
        }),
  );
  dataDir = mkdtempSync(join(tmpdir(), 'parley-tool-price-'));
});
afterAll(async () => {
  await simulator.close();
  await images.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const DRAW = sim({
  steps: [{ toolCalls: [{ name: 'dalle', input: { prompt: 'a red box' } }] }, { reply: 'Done.' }],
});
type ToolCallPart = Extract<ContentPart, { type: 'tool_call' }>;
const outputOf = (content: ContentPart[] | undefined) =>
  (content ?? []).filter((p): p is ToolCallPart => p.type === 'tool_call')[0]?.tool_call.output;

describe.each(testDialects())('a tool that costs money, on %s', (dialect) => {
  let app: ChatApp;
  afterEach(async () => {
    imagesStatus = 200;
    await app?.close();
  });

  async function start(giftCredits: number) {
    app = await startChatApp(dialect, simulator, {
      titleConvo: false,
      dataDir,
      dalleBaseUrl: images.url,
      pluginEnv: { DALLE3_API_KEY: 'sk-dalle-operator' },
      // The model's calls take free gpt-4 uses, so the credits are the tool's alone.
      balance: {
        toolCost: { dalle: PRICE },
        registrationGift: { credits: giftCredits, gpt3Uses: 0, gpt4Uses: 5 },
      },
    });
    expect((await installPlugin(app, 'dalle')).status).toBe(200);
  }
  const draw = () =>
    ask(app, 'gptPlugins', {
      parentMessageId: NIL_UUID,
      conversationId: null,
      model: 'gpt-4o',
      text: `Draw ${DRAW}`,
      tools: ['dalle'],
    });
  const toolEntries = async (kind: string) =>
    (await entries(app.database.db, app.userId, kind))
      .filter((e) => e.reason.includes('tool dalle'))
      .map((e) => ({ credits: Number(e.credits), reason: e.reason }));

  it('takes its price once when it ran, beside the model calls', async () => {
    await start(100_000);
    const res = await draw();
    expect(res.events.final!.responseMessage.text).toBe('Done.');
    expect(outputOf(res.events.final!.responseMessage.content)).not.toContain('error processing tool');
    expect(await toolEntries('hold')).toEqual([{ credits: -PRICE, reason: 'tool dalle' }]);
    expect(await toolEntries('settle')).toEqual([{ credits: 0, reason: `charged ${PRICE} for tool dalle` }]);
    expect(
      Number(
        (
          await app.database.db
            .selectFrom('balances')
            .select('credits')
            .where('user_id', '=', app.userId)
            .executeTakeFirstOrThrow()
        ).credits,
      ),
    ).toBe(100_000 - PRICE);
    await expectLedgerMatches(app.database.db, app.userId);
  });

  it('gives the price back when the tool failed', async () => {
    await start(100_000);
    imagesStatus = 500;
    const res = await draw();
    expect(outputOf(res.events.final!.responseMessage.content)).toContain('error processing tool dalle');
    expect(await toolEntries('settle')).toEqual([{ credits: PRICE, reason: 'released tool dalle' }]);
    await expectLedgerMatches(app.database.db, app.userId);
  });

  it('does not run it when the credits cannot pay; the model reads why and answers', async () => {
    await start(PRICE - 1);
    const asked = images.requests.length;
    const res = await draw();
    expect(images.requests.length).toBe(asked);
    expect(outputOf(res.events.final!.responseMessage.content)).toBe(
      `error processing tool dalle: ${toolUnpaidReason(PRICE)}`,
    );
    expect(res.events.final!.responseMessage.text).toBe('Done.');
    expect(await toolEntries('hold')).toEqual([]);
    await expectLedgerMatches(app.database.db, app.userId);
  });
});
