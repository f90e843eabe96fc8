import { afterEach, describe, expect, it } from 'vitest';
import { startFakeService, type FakeService } from './fake-service.test-helpers';
import { testToolContext } from './tool-context.test-helpers';
import { createWolframTool } from './wolfram';

let fake: FakeService | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const auth = { WOLFRAM_APP_ID: 'DEMO-ABC123' };

// The LLM API's text, written for a model: the input as understood, then one block per result.
const answerText = `Query:
"integrate x^2 sin x"

Input:
integral x^2 sin(x) dx

Result:
integral x^2 sin(x) dx = 2 x sin(x) - (x^2 - 2) cos(x) + constant

Wolfram|Alpha website result for "integrate x^2 sin x":
https://www.wolframalpha.com/input?i=integrate+x%5E2+sin+x
`;

describe('wolfram', () => {
  it('sends the input, AppID and a character cap by GET and returns the text as it came', async () => {
    fake = await startFakeService((_request, res) => {
      res.writeHead(200, { 'content-type': 'text/plain;charset=utf-8' });
      res.end(answerText);
    });
    const ctx = testToolContext(auth);
    const result = await createWolframTool({ baseUrl: fake.url }).run({ input: 'integrate x^2 sin x' }, ctx);

    const [request] = fake.requests;
    expect(request).toMatchObject({ method: 'GET', path: '/api/v1/llm-api' });
    expect(Object.fromEntries(request!.query)).toEqual({
      input: 'integrate x^2 sin x',
      appid: 'DEMO-ABC123',
      maxchars: '6000',
    });
    expect(result.output).toBe(answerText.trim());
    expect(ctx.progressed).toEqual(['Asking Wolfram|Alpha']);
  });

  it('hands the model the reasons and suggestions of a 501, so it can reword', async () => {
    fake = await startFakeService((_request, res) => {
      res.writeHead(501, { 'content-type': 'text/plain' });
      res.end('Wolfram|Alpha could not understand: how are you.\nThings to try instead:\nhow\n');
    });
    const result = await createWolframTool({ baseUrl: fake.url }).run(
      { input: 'how are you' },
      testToolContext(auth),
    );
    expect(result.output).toBe(
      'Wolfram|Alpha did not understand "how are you". ' +
        'Wolfram|Alpha could not understand: how are you.\nThings to try instead:\nhow',
    );
  });

  it('caps a long answer', async () => {
    fake = await startFakeService((_request, res) => res.end('x'.repeat(20_000)));
    const result = await createWolframTool({ baseUrl: fake.url }).run(
      { input: 'pi to 20000 digits' },
      testToolContext(auth),
    );
    expect(result.output).toHaveLength(6000);
    expect(result.output.endsWith('…')).toBe(true);
  });

  it('says so when the answer is empty', async () => {
    fake = await startFakeService((_request, res) => res.end(''));
    const result = await createWolframTool({ baseUrl: fake.url }).run(
      { input: '1+1' },
      testToolContext(auth),
    );
    expect(result.output).toBe('Wolfram|Alpha gave no result for "1+1".');
  });
});
