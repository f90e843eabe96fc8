import { APICallError, generateText, isStepCount, jsonSchema, streamText, tool } from 'ai';
import type { LanguageModel } from 'ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSim } from '../server';
import type { Sim, SimToolResult } from '../types';
import type { ProviderCase } from './provider-suite';
import { directive, drain } from './sdk-drain';

/** Two tools whose results are easy to find in an echo; each call's input is kept so tests see what ran. */
function weatherAndTime() {
  const ran: { tool: string; input: unknown }[] = [];
  const tools = {
    get_weather: tool({
      description: 'Current weather for a city',
      inputSchema: jsonSchema<{ city: string }>({
        type: 'object',
        properties: { city: { type: 'string' } },
        required: ['city'],
      }),
      execute: (input) => {
        ran.push({ tool: 'get_weather', input });
        return { city: input.city, sky: 'sunny', celsius: 21 };
      },
    }),
    get_time: tool({
      description: 'Local time in a time zone',
      inputSchema: jsonSchema<{ zone: string }>({
        type: 'object',
        properties: { zone: { type: 'string' } },
        required: ['zone'],
      }),
      execute: (input) => {
        ran.push({ tool: 'get_time', input });
        return 'half past noon';
      },
    }),
  };
  return { tools, ran };
}

const PARIS = { city: 'Paris' };
const CET = { zone: 'Europe/Paris' };

/** Step one writes a little, then calls both tools at once; step two answers with the results it was sent. */
const echoRun = {
  steps: [
    {
      reply: 'Let me check. ',
      toolCalls: [
        { name: 'get_weather', input: PARIS },
        { name: 'get_time', input: CET },
      ],
    },
    { echoToolResults: true },
  ],
};

/** A scripted tool run driven through the SDK's own step loop, for one provider. */
export function toolRunSuite(c: ProviderCase): void {
  describe(`${c.name} tool runs through the AI SDK`, () => {
    let sim: Sim;
    let model: LanguageModel;
    beforeAll(async () => {
      sim = await startSim();
      model = c.model(sim, 'sk-sim-test-key');
    });
    afterAll(() => sim.close());

    it('streams parallel calls with the scripted input, then echoes the results the SDK sent back', async () => {
      const { tools, ran } = weatherAndTime();
      const result = streamText({ model, tools, prompt: directive(echoRun), stopWhen: isStepCount(3) });
      const out = await drain(result);
      expect(out.errors).toEqual([]);
      expect(out.toolCalls).toEqual([
        { toolName: 'get_weather', input: PARIS },
        { toolName: 'get_time', input: CET },
      ]);
      expect(ran).toEqual([
        { tool: 'get_weather', input: PARIS },
        { tool: 'get_time', input: CET },
      ]);
      const [first, second, ...rest] = await result.steps;
      expect(rest).toEqual([]);
      expect(first?.text).toBe('Let me check. ');
      expect(first?.finishReason).toBe('tool-calls');
      expect(second?.finishReason).toBe('stop');
      const echoed = JSON.parse(second?.text ?? '') as SimToolResult[];
      expect(echoed.map((r) => [r.id, r.name])).toEqual(
        first?.toolCalls.map((t) => [t.toolCallId, t.toolName]),
      );
      expect(JSON.stringify(echoed[0]?.output)).toContain('sunny');
      expect(JSON.stringify(echoed[1]?.output)).toContain('half past noon');
    });

    it('runs the same steps without streaming', async () => {
      const { tools, ran } = weatherAndTime();
      const result = await generateText({
        model,
        tools,
        prompt: directive(echoRun),
        stopWhen: isStepCount(3),
      });
      expect(result.steps).toHaveLength(2);
      expect(result.steps[0]?.toolCalls.map((t) => [t.toolName, t.input])).toEqual([
        ['get_weather', PARIS],
        ['get_time', CET],
      ]);
      expect(ran.map((r) => r.tool)).toEqual(['get_weather', 'get_time']);
      const echoed = JSON.parse(result.text) as SimToolResult[];
      expect(echoed.map((r) => r.name)).toEqual(['get_weather', 'get_time']);
      expect(JSON.stringify(echoed)).toContain('21');
    });

    it('ends the run with the final text once the results are back', async () => {
      const { tools } = weatherAndTime();
      const script = { toolCalls: [{ name: 'get_weather', input: PARIS }], reply: 'Sunny in Paris.' };
      // Room for more steps than the script has: the run must end because the model stopped calling.
      const result = streamText({ model, tools, prompt: directive(script), stopWhen: isStepCount(5) });
      const out = await drain(result);
      expect(out.errors).toEqual([]);
      expect(out.text).toBe('Sunny in Paris.');
      expect((await result.steps).map((s) => s.finishReason)).toEqual(['tool-calls', 'stop']);
    });

    it('refuses a scripted call to a tool the request did not send', async () => {
      const { tools } = weatherAndTime();
      const script = { toolCalls: [{ name: 'get_weather', input: PARIS }] };
      const error = await generateText({
        model,
        tools: { get_time: tools.get_time },
        prompt: directive(script),
        maxRetries: 0,
      }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(APICallError.isInstance(error)).toBe(true);
      expect((error as APICallError).statusCode).toBe(400);
      expect((error as APICallError).message).toContain('get_weather');
    });
  });
}
