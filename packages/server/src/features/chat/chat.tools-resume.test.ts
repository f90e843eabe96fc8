import { randomBytes } from 'node:crypto';
import { startSim, type Sim } from '@parley/sim';
import { API, NIL_UUID, type ContentPart, type Message } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { sseReader, type ParsedFrame } from '../../lib/sse.test-helpers';
import {
  get,
  messagesOf,
  parseEvents,
  post,
  sim,
  startChatApp,
  startSecondInstance,
  type ChatApp,
} from './chat.test-helpers';
import { installPlugin } from './chat-tools.test-helpers';
import { startHeldSearch, type HeldSearchService } from './held-search.test-helpers';

// docs/reference/chat.md (Leaving and resuming), for a reply that uses tools:
// docs/reference/tools.md (A reply that uses tools). A page reloaded while a tool runs finds the finished steps saved,
// and re-attaches to get the steps so far, then the rest and the final event with the parts.

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

const SCRIPT = {
  steps: [
    { reply: 'Counting. ', toolCalls: [{ name: 'calculator', input: { expression: '6 * 7' } }] },
    { toolCalls: [{ name: 'searxng_search', input: { query: 'forty-two' } }] },
  ],
  reply: 'Found it.',
};
const FOUND = { title: 'Forty-two', url: 'https://example.com/42', content: 'The answer.' };

type Step = Extract<ContentPart, { type: 'tool_call' }>['tool_call'];
const calculator = (output: string | null): Partial<Step> => ({
  name: 'calculator',
  arguments: '{"expression":"6 * 7"}',
  output,
  progress: output === null ? 0 : 1,
});
const searching = (output: string | null): Partial<Step> => ({
  name: 'searxng_search',
  arguments: '{"query":"forty-two"}',
  output,
  progress: output === null ? 0 : 1,
});
const step = (fields: Partial<Step>) => ({ type: 'tool_call', tool_call: expect.objectContaining(fields) });

/** The reply as saved: what a reloaded page reads with `GET /api/messages/{conversationId}`. */
async function savedReply(app: ChatApp, conversationId: string): Promise<Message | undefined> {
  return (await messagesOf(app, conversationId)).find((m) => !m.isCreatedByUser);
}

/** Reads frames until one satisfies `found` (the stream's own events; no time is assumed). */
async function readUntil(reader: ReturnType<typeof sseReader>, found: (frame: ParsedFrame) => boolean) {
  const frames: ParsedFrame[] = [];
  for (let frame = await reader.next(); frame; frame = await reader.next()) {
    frames.push(frame);
    if (found(frame)) return frames;
  }
  throw new Error('the stream ended first');
}

const isRunningSearch = (frame: ParsedFrame) =>
  frame.data?.includes('"name":"searxng_search"') === true && frame.data.includes('"progress":0');

function resumeTests(apps: () => { runs: ChatApp; resumes: ChatApp }, searches: () => HeldSearchService) {
  it('shows the finished steps while a tool runs, and a resume replays the steps so far, then the rest', async () => {
    const { runs, resumes } = apps();
    const res = await post(runs, runs.token, `${API.ask}/gptPlugins`, {
      parentMessageId: NIL_UUID,
      conversationId: null,
      model: 'gpt-4o',
      text: `Count, then search ${sim(SCRIPT)}`,
      tools: ['calculator', 'searxng_search'],
    });
    expect(res.status).toBe(200);
    const first = sseReader(res.body!);
    const created = (await first.next())!;
    const { conversationId } = (JSON.parse(created.data!) as { message: Message }).message;
    await searches().arrived('forty-two');
    // The page reloads: it leaves the stream while the search runs.
    const before = [created, ...(await readUntil(first, isRunningSearch))];
    await first.cancel();

    // The finished step is saved (it is saved beside the next model call, so it may land just after it).
    const saved = await eventuallySaved(resumes, conversationId);
    expect(saved).toMatchObject({ unfinished: true, error: false, text: 'Counting. ' });
    expect(saved.content).toEqual([
      { type: 'text', text: { value: 'Counting. ' } },
      step({ ...calculator('42'), id: expect.any(String), type: 'function' }),
    ]);

    const resumed = await get(resumes, resumes.token, `${API.askStream}/${conversationId}`);
    expect(resumed.status).toBe(200);
    const reader = sseReader(resumed.body!);
    const replayed = await readUntil(reader, isRunningSearch);
    // The steps so far, as the first connection had them: the same events, with the same ids.
    expect(replayed.map((f) => [f.id, f.data])).toEqual(before.map((f) => [f.id, f.data]));
    const sofar = parseEvents(replayed);
    expect(sofar.deltas.join('')).toBe('Counting. ');
    expect(sofar.messages.filter((m) => 'tool_call' in m)).toEqual([
      expect.objectContaining({ index: 1, tool_call: expect.objectContaining(calculator(null)) }),
      expect.objectContaining({ index: 1, tool_call: expect.objectContaining(calculator('42')) }),
      expect.objectContaining({ index: 2, tool_call: expect.objectContaining(searching(null)) }),
    ]);

    await searches().release('forty-two', [FOUND]);
    const rest = parseEvents(await reader.rest());
    const [done] = rest.messages.filter((m) => 'tool_call' in m);
    expect(done).toMatchObject({ index: 2, tool_call: { name: 'searxng_search', progress: 1 } });
    const output = (done!['tool_call'] as Step).output!;
    expect(output).toContain('https://example.com/42');
    expect(rest.deltas.join('')).toBe('Found it.');
    const final = rest.final!.responseMessage;
    expect(final.content).toEqual([
      { type: 'text', text: { value: 'Counting. ' } },
      step(calculator('42')),
      step(searching(output)),
      { type: 'text', text: { value: 'Found it.' } },
    ]);
    expect(final).toMatchObject({ text: 'Counting. Found it.', unfinished: false, error: false });
    expect((await savedReply(runs, conversationId))!.content).toEqual(final.content);
  });
}

/** Polls the saved reply until its first step is in (a condition on the database, not a delay). */
async function eventuallySaved(app: ChatApp, conversationId: string): Promise<Message> {
  for (;;) {
    const reply = await savedReply(app, conversationId);
    if (reply?.content?.some((p) => p.type === 'tool_call')) return reply;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testDialects())('resuming a reply while its tool runs, on %s', (dialect) => {
  let app: ChatApp;
  let searches: HeldSearchService;
  beforeAll(async () => {
    searches = await startHeldSearch();
    app = await startChatApp(dialect, simulator, { pluginEnv: { SEARXNG_INSTANCE_URL: searches.url } });
    for (const key of ['calculator', 'searxng_search'])
      expect((await installPlugin(app, key)).status).toBe(200);
  });
  afterAll(async () => {
    await app?.close();
    await searches?.close();
  });
  resumeTests(
    () => ({ runs: app, resumes: app }),
    () => searches,
  );
});

describe.skipIf(!process.env.TEST_REDIS_URL).each(testDialects())(
  'resuming through another instance a reply while its tool runs, over Redis on %s',
  (dialect) => {
    let a: ChatApp;
    let b: ChatApp;
    let searches: HeldSearchService;
    beforeAll(async () => {
      searches = await startHeldSearch();
      const prefix = `parley-test:${randomBytes(6).toString('hex')}:`;
      a = await startChatApp(dialect, simulator, {
        redis: true,
        prefix,
        pluginEnv: { SEARXNG_INSTANCE_URL: searches.url },
      });
      b = await startSecondInstance(a, simulator, { prefix, redisUrl: process.env.TEST_REDIS_URL! });
      for (const key of ['calculator', 'searxng_search'])
        expect((await installPlugin(a, key)).status).toBe(200);
    });
    afterAll(async () => {
      await b?.close();
      await a?.close();
      await searches?.close();
    });
    resumeTests(
      () => ({ runs: a, resumes: b }),
      () => searches,
    );
  },
);
