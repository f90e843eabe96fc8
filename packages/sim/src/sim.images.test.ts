import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicImages, geminiImages, imageEcho, openaiImages } from './images';
import { startSim } from './server';
import { json, parseSse, post, script } from './testing/raw';
import type { Sim } from './types';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
const B64 = PNG.toString('base64');
const png = { mediaType: 'image/png', bytes: PNG.length };

describe('image parsing per protocol', () => {
  it('reads OpenAI image_url parts: data URLs with their detail, other URLs by address', () => {
    const messages = [
      { role: 'system', content: 'be brief' },
      {
        role: 'user',
        content: [
          { type: 'text', text: 'look' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${B64}`, detail: 'low' } },
          { type: 'image_url', image_url: { url: 'https://example.com/cat.jpg' } },
        ],
      },
    ];
    expect(openaiImages(messages)).toEqual([
      { ...png, detail: 'low' },
      { mediaType: '', bytes: 0, url: 'https://example.com/cat.jpg' },
    ]);
    expect(openaiImages('nope')).toEqual([]);
  });

  it('reads Anthropic image blocks with base64 and url sources', () => {
    const messages = [
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: B64 } },
          { type: 'image', source: { type: 'url', url: 'https://example.com/a.png' } },
          { type: 'text', text: 'what is it?' },
        ],
      },
      { role: 'assistant', content: 'a cat' },
    ];
    expect(anthropicImages(messages)).toEqual([
      png,
      { mediaType: '', bytes: 0, url: 'https://example.com/a.png' },
    ]);
  });

  it('reads Gemini inlineData and inline_data parts, and fileData by URI', () => {
    const contents = [
      { role: 'user', parts: [{ text: 'hi' }, { inlineData: { mimeType: 'image/png', data: B64 } }] },
      { role: 'model', parts: [{ text: 'hello' }] },
      {
        role: 'user',
        parts: [
          { inline_data: { mime_type: 'image/webp', data: B64 } },
          { fileData: { mimeType: 'image/jpeg', fileUri: 'gs://b/c.jpg' } },
        ],
      },
    ];
    expect(geminiImages(contents)).toEqual([
      png,
      { mediaType: 'image/webp', bytes: PNG.length },
      { mediaType: 'image/jpeg', bytes: 0, url: 'gs://b/c.jpg' },
    ]);
  });

  it('echoes one line per image', () => {
    expect(
      imageEcho([
        { ...png, detail: 'high' },
        { mediaType: '', bytes: 0, url: 'u' },
      ]),
    ).toBe(`[image image/png ${PNG.length} bytes detail=high]\n[image url u]`);
  });
});

describe('images over HTTP', () => {
  let sim: Sim;
  beforeAll(async () => {
    sim = await startSim();
  });
  afterAll(() => sim.close());

  const withImage = {
    model: 'gpt-4o',
    messages: [
      {
        role: 'user',
        content: [
          { type: 'text', text: 'Describe' },
          { type: 'image_url', image_url: { url: `data:image/png;base64,${B64}`, detail: 'auto' } },
        ],
      },
    ],
  };

  it('records the images in the log and echoes them after the default reply', async () => {
    sim.clearRequests();
    const body = await json(post(sim, '/v1/chat/completions', withImage));
    expect(body.choices[0].message.content).toBe(
      `Hello from the simulated gpt-4o. This is a deterministic reply.\n` +
        `[image image/png ${PNG.length} bytes detail=auto]`,
    );
    const log = await json(fetch(`${sim.url}/_sim/requests`));
    expect(log.at(-1).images).toEqual([{ ...png, detail: 'auto' }]);
  });

  it('streams the echo too, and leaves a scripted reply and image-less requests alone', async () => {
    const res = await post(sim, '/v1/chat/completions', { ...withImage, stream: true });
    const text = parseSse(await res.text())
      .filter((e) => e.data !== '[DONE]')
      .map((e) => JSON.parse(e.data).choices[0]?.delta?.content ?? '')
      .join('');
    expect(text).toContain(`[image image/png ${PNG.length} bytes detail=auto]`);
    const scripted = await json(
      post(sim, '/v1/chat/completions', withImage, script({ reply: 'Only this.' })),
    );
    expect(scripted.choices[0].message.content).toBe('Only this.');
    await post(sim, '/v1/chat/completions', { model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] });
    expect(sim.requests().at(-1)!.images).toBeUndefined();
  });
});
