import type http from 'node:http';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ToolError } from '../tool';
import { testToolContext } from '../tool-context.test-helpers';
import { answerJson, startFakeService, type FakeService } from '../search/fake-service.test-helpers';
import { createDalleTool } from './dalle';
import { expectOneSavedImage, recordingSaver, signalled, tinyPng } from './image-tools.test-helpers';

const KEY = 'sk-proj-dalle-test-0123456789';
let fake: FakeService | undefined;
let png: Buffer;
beforeAll(async () => {
  png = await tinyPng(4, 3);
});
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** A context whose credentials are the OpenAI key, with the saver given; the guarded fetch must not be used. */
const context = (overrides: Parameters<typeof testToolContext>[0] = {}) =>
  testToolContext({
    auth: { 'DALLE3_API_KEY||DALLE_API_KEY': KEY },
    guardedFetch: () => Promise.reject(new Error('DALL-E must not use the guarded fetch')),
    ...overrides,
  });

/** OpenAI's answer to a b64_json request. */
const imagesAnswer = (b64: unknown, revised = 'A red fox sitting in fresh snow at dawn, soft light.') => ({
  created: 1733300000,
  data: [{ b64_json: b64, revised_prompt: revised }],
});

const serve = async (answer: (res: http.ServerResponse) => void) => {
  fake = await startFakeService((_request, res) => answer(res));
  return fake.url;
};

describe('dalle', () => {
  it('posts the prompt to the images API with the key as a bearer token and saves the PNG', async () => {
    const b64 = png.toString('base64');
    const baseUrl = await serve((res) => answerJson(res, 200, imagesAnswer(b64)));
    const { saved, saveFile } = recordingSaver();
    const ctx = context({ saveFile });

    const result = await createDalleTool({ baseUrl }).run(
      { prompt: 'a red fox in snow', size: '1792x1024', quality: 'hd', style: 'natural' },
      ctx,
    );

    const [request, ...more] = fake!.requests;
    expect(more).toEqual([]);
    expect(request).toMatchObject({ method: 'POST', path: '/v1/images/generations', rawQuery: '' });
    expect(request!.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request!.body)).toEqual({
      model: 'dall-e-3',
      prompt: 'a red fox in snow',
      n: 1,
      size: '1792x1024',
      quality: 'hd',
      style: 'natural',
      response_format: 'b64_json',
    });
    expectOneSavedImage(saved, result, {
      filename: 'a-red-fox-in-snow.png',
      width: 4,
      height: 3,
      bytes: png,
    });
    expect(result.output).toBe(
      'DALL-E 3 created the image (4x3). It is shown to the user in this reply and saved in their files; ' +
        'do not write a link or Markdown image for it.\n' +
        'DALL-E 3 drew it from this prompt: A red fox sitting in fresh snow at dawn, soft light.',
    );
    expect(result.output).not.toContain(b64.slice(0, 40));
    expect(ctx.progressed).toEqual(['Creating image…']);
  });

  it('asks for a square standard vivid image by default', async () => {
    const baseUrl = await serve((res) => answerJson(res, 200, imagesAnswer(png.toString('base64'), '')));
    const result = await createDalleTool({ baseUrl }).run(
      { prompt: '猫' },
      context({ saveFile: recordingSaver().saveFile }),
    );
    expect(JSON.parse(fake!.requests[0]!.body)).toMatchObject({
      size: '1024x1024',
      quality: 'standard',
      style: 'vivid',
    });
    expect(result.output).not.toContain('drew it from');
  });

  it.each([
    ['/openai/v1', '/openai/v1/images/generations'],
    ['/openai/v1/', '/openai/v1/images/generations'],
    ['/openai', '/openai/v1/images/generations'],
  ])('reaches the images API under the reverse proxy %s', async (path, expected) => {
    const url = await serve((res) => answerJson(res, 200, imagesAnswer(png.toString('base64'))));
    await createDalleTool({ baseUrl: `${url}${path}` }).run(
      { prompt: 'fox' },
      context({ saveFile: recordingSaver().saveFile }),
    );
    expect(fake!.requests[0]!.path).toBe(expected);
  });

  it("passes on the API's reason for a refused prompt, without the key", async () => {
    const baseUrl = await serve((res) =>
      answerJson(res, 400, {
        error: {
          code: 'content_policy_violation',
          message: `Your request was rejected as a result of our safety system. (key ${KEY})`,
          param: null,
          type: 'invalid_request_error',
        },
      }),
    );
    const error = await createDalleTool({ baseUrl })
      .run({ prompt: 'something refused' }, context())
      .catch((e: unknown) => e);
    expect(error).toEqual(
      new ToolError(
        'DALL-E 3 refused the request (HTTP 400): Your request was rejected as a result of our safety ' +
          'system. (key [hidden])',
      ),
    );
  });

  it.each([
    [401, 'DALL-E 3 answered HTTP 401: the key or setting was refused.'],
    [429, 'DALL-E 3 answered HTTP 429: its rate limit or quota is reached.'],
    [500, 'DALL-E 3 answered HTTP 500: the service failed; try again later.'],
  ])('turns HTTP %i into an error naming the service, never the key', async (status, message) => {
    const baseUrl = await serve((res) =>
      answerJson(res, status, {
        error: { message: `Incorrect API key provided: ${KEY}.`, type: 'invalid_request_error' },
      }),
    );
    const error = await createDalleTool({ baseUrl })
      .run({ prompt: 'fox' }, context())
      .catch((e: unknown) => e);
    expect(error).toEqual(new ToolError(message));
    expect(String(error)).not.toContain(KEY);
  });

  it.each([
    [
      'text that is not base64',
      imagesAnswer('not base64 at all!'),
      'answered an image that could not be read',
    ],
    [
      'base64 that is not an image',
      imagesAnswer(Buffer.from('hello').toString('base64')),
      'could not be read',
    ],
    ['no image', { created: 1, data: [] }, 'answered no image'],
    ['an answer that is not JSON', 'oops', 'answered with malformed JSON'],
  ])('fails on %s and saves nothing', async (_case, body, message) => {
    const baseUrl = await serve((res) =>
      typeof body === 'string' ? res.end(body) : answerJson(res, 200, body),
    );
    const { saved, saveFile } = recordingSaver();
    await expect(createDalleTool({ baseUrl }).run({ prompt: 'fox' }, context({ saveFile }))).rejects.toThrow(
      message,
    );
    expect(saved).toEqual([]);
  });

  it('gives up when the API does not answer within its time limit', async () => {
    const baseUrl = await serve(() => undefined);
    await expect(
      createDalleTool({ baseUrl, timeoutMs: 30 }).run({ prompt: 'fox' }, context()),
    ).rejects.toThrow(new ToolError('DALL-E 3 did not answer within 0.03 s.'));
  });

  it("stops at once when the reply is stopped, with the stop's reason", async () => {
    const arrived = signalled();
    fake = await startFakeService(() => arrived.resolve());
    const stop = new AbortController();
    const { saved, saveFile } = recordingSaver();
    const run = createDalleTool({ baseUrl: fake.url }).run(
      { prompt: 'fox' },
      context({ signal: stop.signal, saveFile }),
    );
    await arrived.promise;
    stop.abort(new Error('stopped by the user'));
    await expect(run).rejects.toThrow('stopped by the user');
    expect(saved).toEqual([]);
  });

  it('says the reverse proxy setting is wrong when it is not a URL', async () => {
    await expect(
      createDalleTool({ baseUrl: 'proxy.internal' }).run({ prompt: 'fox' }, context()),
    ).rejects.toThrow(new ToolError('DALL-E 3 is not configured: DALLE_REVERSE_PROXY is not a valid URL.'));
  });

  it('names the missing key', async () => {
    await expect(createDalleTool().run({ prompt: 'fox' }, context({ auth: {} }))).rejects.toThrow(
      new ToolError('DALL-E 3 is not configured: DALLE3_API_KEY||DALLE_API_KEY is missing.'),
    );
  });

  it('takes a prompt of 1 to 4000 characters and only the sizes DALL-E 3 draws', () => {
    const { input } = createDalleTool();
    expect(input.safeParse({ prompt: 'x'.repeat(4000) }).success).toBe(true);
    expect(input.safeParse({ prompt: 'x'.repeat(4001) }).success).toBe(false);
    expect(input.safeParse({ prompt: '  ' }).success).toBe(false);
    expect(input.safeParse({ prompt: 'fox', size: '512x512' }).success).toBe(false);
  });
});
