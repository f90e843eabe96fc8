import { APICallError, generateText, jsonSchema, streamText, tool } from 'ai';
import type { LanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim } from '../server';
import type { RecordedRequest, Sim, SimProvider } from '../types';
import { directive, drain } from './sdk-drain';
import { toolRunSuite } from './tool-run-suite';

export interface ProviderCase {
  name: string;
  provider: SimProvider;
  model: (sim: Sim, apiKey: string) => LanguageModel;
  /** The model name the wire carries (a deployment for Azure). */
  modelId: string;
  /** Where this wire format puts the conversation and the output limit. */
  receivedKey: 'messages' | 'contents';
  maxTokensParam: string;
  /** Extra checks on the recorded request (path, deployment, query). */
  checkRecord?: (record: RecordedRequest) => void;
}

const API_KEY = 'sk-sim-test-key';

const ERRORS = [
  { status: 401, kind: 'invalid_key' },
  { status: 429, kind: 'rate_limit' },
  { status: 429, kind: 'quota' },
  { status: 500, kind: 'server' },
  { status: 400, kind: 'moderation' },
] as const;

const weatherTool = tool({
  description: 'Current weather for a city',
  inputSchema: jsonSchema<{ city: string }>({
    type: 'object',
    properties: { city: { type: 'string' } },
    required: ['city'],
  }),
});

/** The same behaviour checks for every provider, run through the real AI SDK adapter against the sim. */
export function providerSuite(c: ProviderCase): void {
  describe(`${c.name} through the AI SDK`, () => {
    let sim: Sim;
    let model: LanguageModel;
    // The SDK logs every stream error to the console by default; these tests provoke them on purpose.
    const stream = (options: Omit<Parameters<typeof streamText>[0], 'model'>) =>
      streamText({ model, onError: () => undefined, ...options } as Parameters<typeof streamText>[0]);
    beforeAll(async () => {
      sim = await startSim();
      model = c.model(sim, API_KEY);
    });
    afterAll(() => sim.close());

    it('streams the scripted reply with its usage', async () => {
      const reply = 'The quick brown fox jumps over the lazy dog.';
      const prompt = directive({ reply, usage: { input: 7, output: 9 } });
      const out = await drain(stream({ prompt }));
      expect(out.errors).toEqual([]);
      expect(out.text).toBe(reply);
      expect(out.usage).toEqual({ inputTokens: 7, outputTokens: 9 });
    });

    it('answers non-streamed calls with text and usage', async () => {
      const result = await generateText({ model, prompt: directive({ reply: 'Just this.' }) });
      expect(result.text).toBe('Just this.');
      expect(result.usage.outputTokens).toBe(2);
      expect(result.usage.inputTokens).toBeGreaterThan(0);
    });

    it('echoes the model, params and key the provider sent', async () => {
      const result = await generateText({
        model,
        system: 'Be brief.',
        prompt: directive({ echo: true }),
        temperature: 0.25,
        maxOutputTokens: 55,
      });
      const echo = JSON.parse(result.text) as Record<string, unknown> & { params: Record<string, unknown> };
      expect(echo['model']).toBe(c.modelId);
      expect(echo['auth']).toBe(API_KEY);
      expect(echo.params['temperature']).toBe(0.25);
      expect(echo.params[c.maxTokensParam]).toBe(55);
      expect(JSON.stringify(echo[c.receivedKey])).toContain('[[sim');
      expect(JSON.stringify(echo)).toContain('Be brief.');
      expect((echo['headers'] as Record<string, string>)['content-type']).toContain('application/json');
    });

    for (const { status, kind } of ERRORS) {
      it(`surfaces a ${status} ${kind} as an API error`, async () => {
        const script = { error: { status, kind, message: `sim says ${kind}` } };
        const call = generateText({
          model,
          prompt: 'Hi',
          maxRetries: 0,
          headers: { 'x-sim-script': JSON.stringify(script) },
        });
        const error = await call.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(APICallError.isInstance(error)).toBe(true);
        expect((error as APICallError).statusCode).toBe(status);
        expect((error as APICallError).message).toBe(`sim says ${kind}`);
      });
    }

    it('surfaces an HTTP error in a stream as an error part', async () => {
      const prompt = directive({ error: { status: 429, kind: 'rate_limit' } });
      const out = await drain(stream({ prompt, maxRetries: 0 }));
      expect(out.text).toBe('');
      expect(out.errors.some((e) => APICallError.isInstance(e) && e.statusCode === 429)).toBe(true);
    });

    it('fails the stream after the partial text when the connection drops (cutAfter)', async () => {
      const prompt = directive({ reply: 'one two three four five', cutAfter: 2 });
      const out = await drain(stream({ prompt, maxRetries: 0 }));
      expect(out.text).toBe('one two ');
      expect(out.errors.length).toBeGreaterThan(0);
    });

    it('sends an in-stream error after N chunks (errorAfter)', async () => {
      const prompt = directive({ reply: 'one two three', errorAfter: 1 });
      const out = await drain(stream({ prompt, maxRetries: 0 }));
      expect(out.text).toBe('one ');
      expect(out.errors.length).toBeGreaterThan(0);
    });

    it('honours firstTokenDelayMs and rate', async () => {
      const prompt = directive({ tokens: 10, rate: 50, firstTokenDelayMs: 200 });
      const out = await drain(stream({ prompt }));
      expect(out.text).toBe('tok1 tok2 tok3 tok4 tok5 tok6 tok7 tok8 tok9 tok10 ');
      expect(out.firstDeltaMs).toBeGreaterThanOrEqual(190);
      // Upper bounds are loose: a loaded CI machine may be slow, but never early.
      expect(out.firstDeltaMs).toBeLessThan(1500);
      // 200 ms to the first token, then 9 gaps of 20 ms.
      expect(out.totalMs).toBeGreaterThanOrEqual(370);
      expect(out.totalMs).toBeLessThan(3000);
    });

    it('answers tool calls that the SDK parses as tool calls', async () => {
      const prompt = directive({ toolCalls: [{ name: 'get_weather', input: { city: 'Paris' } }] });
      const tools = { get_weather: weatherTool };
      const generated = await generateText({ model, prompt, tools });
      expect(generated.toolCalls.map((t) => [t.toolName, t.input])).toEqual([
        ['get_weather', { city: 'Paris' }],
      ]);
      const streamed = await drain(stream({ prompt, tools }));
      expect(streamed.errors).toEqual([]);
      expect(streamed.toolCalls).toEqual([{ toolName: 'get_weather', input: { city: 'Paris' } }]);
    });

    it('ends a hanging request when the caller aborts', async () => {
      const abort = new AbortController();
      setTimeout(() => abort.abort(), 150);
      const out = await drain(stream({ prompt: directive({ hang: true }), abortSignal: abort.signal }));
      expect(out.text).toBe('');
      expect(out.totalMs).toBeLessThan(2000);
    });

    it('reads an image part from the wire and echoes it after the default reply', async () => {
      sim.clearRequests();
      const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');
      const content = [
        { type: 'text' as const, text: 'What is this?' },
        { type: 'file' as const, mediaType: 'image/png', data: { type: 'data' as const, data: png } },
      ];
      const out = await drain(stream({ messages: [{ role: 'user', content }] }));
      expect(out.errors).toEqual([]);
      expect(out.text).toContain(`\n[image image/png ${png.length} bytes`);
      expect(sim.requests()[0]?.images).toMatchObject([{ mediaType: 'image/png', bytes: png.length }]);
    });

    it('records what the provider sent', async () => {
      sim.clearRequests();
      await generateText({ model, prompt: 'Log me' });
      const [record] = sim.requests();
      expect(record).toMatchObject({ provider: c.provider, method: 'POST', model: c.modelId });
      expect(JSON.stringify(record?.body)).toContain('Log me');
      c.checkRecord?.(record!);
    });
  });
  toolRunSuite(c);
}
