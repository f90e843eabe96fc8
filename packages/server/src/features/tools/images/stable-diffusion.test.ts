import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createGuardedFetch } from '../../../lib/outbound/guarded-fetch';
import { ToolError } from '../tool';
import { testToolContext } from '../tool-context.test-helpers';
import { answerJson, startFakeService, type FakeService } from '../search/fake-service.test-helpers';
import { createStableDiffusionTool } from './stable-diffusion';
import { expectOneSavedImage, recordingSaver, signalled, tinyPng } from './image-tools.test-helpers';

let fake: FakeService | undefined;
let png: Buffer;
beforeAll(async () => {
  png = await tinyPng(8, 16);
});
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** The fake web UI listens on 127.0.0.1, which the default guard refuses: these contexts allow it, as an operator can. */
const allowLocal = createGuardedFetch({ allowedRanges: ['127.0.0.0/8'] });

const context = (url: string, overrides: Parameters<typeof testToolContext>[0] = {}) =>
  testToolContext({
    auth: { SD_WEBUI_URL: url },
    guardedFetch: allowLocal,
    // The address as a user gives it (their own plugin setting): through the guard.
    userGiven: new Set(['SD_WEBUI_URL']),
    fetch: () => Promise.reject(new Error('the web UI is a chosen URL: only the guarded fetch may reach it')),
    ...overrides,
  });

/** What the web UI answers a txt2img call: the images, the parameters it used and `info` as a JSON text. */
const txt2imgAnswer = (images: unknown[]) => ({
  images,
  parameters: { prompt: 'a lighthouse', steps: 20 },
  info: JSON.stringify({ prompt: 'a lighthouse', seed: 3141592653, width: 8, height: 16 }),
});

describe('stable-diffusion', () => {
  it('posts the prompt to the web UI under its own path and saves the first image', async () => {
    const b64 = png.toString('base64');
    fake = await startFakeService((_request, res) => answerJson(res, 200, txt2imgAnswer([b64, 'second'])));
    const { saved, saveFile } = recordingSaver();
    const ctx = context(`${fake.url}/sd/`, { saveFile });

    const result = await createStableDiffusionTool().run(
      { prompt: 'a lighthouse, oil painting', negative_prompt: 'text, watermark', width: 768, height: 512 },
      ctx,
    );

    const [request, ...more] = fake.requests;
    expect(more).toEqual([]);
    expect(request).toMatchObject({ method: 'POST', path: '/sd/sdapi/v1/txt2img', rawQuery: '' });
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.headers.authorization).toBeUndefined();
    expect(JSON.parse(request!.body)).toEqual({
      prompt: 'a lighthouse, oil painting',
      negative_prompt: 'text, watermark',
      steps: 20,
      cfg_scale: 7,
      width: 768,
      height: 512,
      batch_size: 1,
      n_iter: 1,
      send_images: true,
      save_images: false,
    });
    expectOneSavedImage(saved, result, {
      filename: 'a-lighthouse-oil-painting.png',
      width: 8,
      height: 16,
      bytes: png,
    });
    expect(result.output).toBe(
      'Stable Diffusion created the image (8x16). It is shown to the user in this reply and saved in their ' +
        'files; do not write a link or Markdown image for it.\nSeed: 3141592653.',
    );
    expect(result.output).not.toContain(b64.slice(0, 40));
    expect(ctx.progressed).toEqual(['Creating image…']);
  });

  it('draws 512x512 with no negative prompt by default', async () => {
    fake = await startFakeService((_request, res) =>
      answerJson(res, 200, txt2imgAnswer([png.toString('base64')])),
    );
    await createStableDiffusionTool().run(
      { prompt: 'a lighthouse' },
      context(fake.url, { saveFile: recordingSaver().saveFile }),
    );
    expect(JSON.parse(fake.requests[0]!.body)).toMatchObject({
      negative_prompt: '',
      width: 512,
      height: 512,
    });
  });

  it('sends the user and password of the address as Basic auth, not in the URL', async () => {
    fake = await startFakeService((_request, res) =>
      answerJson(res, 200, txt2imgAnswer([png.toString('base64')])),
    );
    const withCredentials = fake.url.replace('http://', 'http://webui:s%C3%A9same@');
    await createStableDiffusionTool().run(
      { prompt: 'a lighthouse' },
      context(withCredentials, { saveFile: recordingSaver().saveFile }),
    );
    expect(fake.requests[0]!.headers.authorization).toBe(
      `Basic ${Buffer.from('webui:sésame').toString('base64')}`,
    );
  });

  it('is refused by the default guard when the address is private, and calls nothing', async () => {
    fake = await startFakeService((_request, res) => answerJson(res, 200, txt2imgAnswer([])));
    const error = await createStableDiffusionTool()
      .run({ prompt: 'a lighthouse' }, context(fake.url, { guardedFetch: createGuardedFetch() }))
      .catch((e: unknown) => e);
    expect(error).toEqual(
      new ToolError(
        'Stable Diffusion was not called: SD_WEBUI_URL is refused ' +
          '(The URL is a loopback address, which user-given URLs may not name).',
      ),
    );
    expect(fake.requests).toEqual([]);
  });

  it('is refused when the address is a name that resolves to a private address', async () => {
    const guardedFetch = createGuardedFetch({ resolve: () => Promise.resolve(['192.168.1.20']) });
    const error = await createStableDiffusionTool()
      .run({ prompt: 'a lighthouse' }, context('http://sd.lan:7860', { guardedFetch }))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ToolError);
    expect((error as Error).message).toMatch(
      /^Stable Diffusion was not called: SD_WEBUI_URL is refused \(sd\.lan resolves to .*private.*\)\.$/,
    );
  });

  it.each([
    [
      404,
      'Stable Diffusion answered HTTP 404: is SD_WEBUI_URL a web UI started with its API enabled (--api)?',
    ],
    [401, 'Stable Diffusion answered HTTP 401: the key or setting was refused.'],
    [422, 'Stable Diffusion answered HTTP 422: the request was refused.'],
    [500, 'Stable Diffusion answered HTTP 500: the service failed; try again later.'],
  ])('turns HTTP %i into an error naming the service', async (status, message) => {
    fake = await startFakeService((_request, res) => answerJson(res, status, { detail: 'Not Found' }));
    await expect(
      createStableDiffusionTool().run({ prompt: 'a lighthouse' }, context(fake.url)),
    ).rejects.toThrow(new ToolError(message));
  });

  it.each([
    ['no images', txt2imgAnswer([]), 'Stable Diffusion answered no image.'],
    ['an answer without images', { detail: 'busy' }, 'Stable Diffusion answered no image.'],
    ['bad base64', txt2imgAnswer(['%%%%']), 'Stable Diffusion answered an image that could not be read.'],
    ['an image that is not one', txt2imgAnswer(['aGVsbG8=']), 'answered an image that could not be read.'],
  ])('fails on %s and saves nothing', async (_case, body, message) => {
    fake = await startFakeService((_request, res) => answerJson(res, 200, body));
    const { saved, saveFile } = recordingSaver();
    await expect(
      createStableDiffusionTool().run({ prompt: 'a lighthouse' }, context(fake.url, { saveFile })),
    ).rejects.toThrow(message);
    expect(saved).toEqual([]);
  });

  it('gives up when the web UI does not answer within its time limit', async () => {
    fake = await startFakeService(() => undefined);
    await expect(
      createStableDiffusionTool({ timeoutMs: 30 }).run({ prompt: 'a lighthouse' }, context(fake.url)),
    ).rejects.toThrow(new ToolError('Stable Diffusion did not answer within 0.03 s.'));
  });

  it("stops at once when the reply is stopped, with the stop's reason", async () => {
    const arrived = signalled();
    fake = await startFakeService(() => arrived.resolve());
    const stop = new AbortController();
    const run = createStableDiffusionTool().run(
      { prompt: 'a lighthouse' },
      context(fake.url, { signal: stop.signal }),
    );
    await arrived.promise;
    stop.abort(new Error('stopped by the user'));
    await expect(run).rejects.toThrow('stopped by the user');
  });

  it.each([
    ['not a URL', 'Stable Diffusion is not configured: SD_WEBUI_URL is not a valid URL.'],
    ['ftp://sd.example', 'Stable Diffusion is not configured: SD_WEBUI_URL must be an http or https URL.'],
  ])('says the setting %s is wrong', async (url, message) => {
    await expect(createStableDiffusionTool().run({ prompt: 'x' }, context(url))).rejects.toThrow(
      new ToolError(message),
    );
  });

  it('takes sides that are multiples of 8 from 256 to 1536', () => {
    const { input } = createStableDiffusionTool();
    expect(input.safeParse({ prompt: 'x', width: 256, height: 1536 }).success).toBe(true);
    expect(input.safeParse({ prompt: 'x', width: 250 }).success).toBe(false);
    expect(input.safeParse({ prompt: 'x', width: 1544 }).success).toBe(false);
    expect(input.safeParse({ prompt: 'x', height: 516 }).success).toBe(false);
  });
});
