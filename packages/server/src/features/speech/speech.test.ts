import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@parley/shared';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { answerJson, startFakeService, type FakeService } from '../tools/search/fake-service.test-helpers';

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/** A stand-in for OpenAI's audio API: speech answers bytes, transcriptions answer `{text}`; `fail` answers 500. */
async function startAudioService(fail = false): Promise<FakeService> {
  return startFakeService((request, res) => {
    if (fail) return answerJson(res, 500, { error: { message: 'sk-secret went wrong' } });
    if (request.path === '/v1/audio/speech') {
      res.writeHead(200, { 'content-type': 'audio/mpeg' });
      return res.end(`MP3:${request.body}`);
    }
    if (request.path === '/v1/audio/transcriptions') return answerJson(res, 200, { text: 'hello there' });
    answerJson(res, 404, {});
  });
}

const speechYaml = (url: string) => ({
  version: '1.0.3',
  speech: {
    tts: { openai: { url: `${url}/v1`, apiKey: 'sk-tts', model: 'tts-1', voices: ['alloy', 'nova'] } },
    stt: { openai: { url: `${url}/v1/audio/transcriptions`, apiKey: 'sk-stt', model: 'whisper-1' } },
  },
});

async function postAudio(
  app: FastifyInstance,
  token: string,
  bytes: Buffer,
  field = 'audio',
  language?: string,
) {
  const form = new FormData();
  if (language) form.append('language', language);
  form.append(field, new Blob([new Uint8Array(bytes)], { type: 'audio/webm' }), 'speech.webm');
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: '/api/files/speech/stt',
    headers: { ...auth(token), 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const tts = (app: FastifyInstance, token: string, payload: object) =>
  app.inject({ method: 'POST', url: '/api/files/speech/tts', headers: auth(token), payload });

describe.each(testDialects())('server-side speech on %s', (dialect) => {
  let t: TestApp;
  let service: FakeService | undefined;
  afterEach(async () => {
    await t?.close();
    await service?.close();
    service = undefined;
  });

  it('unconfigured: the config says so and both calls are a clear 404', async () => {
    t = await buildTestApp(dialect);
    const { token } = await newUser(t.app);
    const config = await t.app.inject({ url: '/api/files/speech/config/get', headers: auth(token) });
    expect(config.json()).toEqual({ sttExternal: false, ttsExternal: false });
    const spoken = await tts(t.app, token, { input: 'Hi' });
    expect(spoken.statusCode).toBe(404);
    expect(spoken.json<ApiErrorBody>().message).toMatch(/Text-to-speech is not configured/);
    const heard = await postAudio(t.app, token, Buffer.from('abc'));
    expect(heard.statusCode).toBe(404);
    expect(heard.json<ApiErrorBody>().message).toMatch(/Speech-to-text is not configured/);
  });

  it('reads a text aloud through the operator’s /audio/speech, with its model, key and voice', async () => {
    service = await startAudioService();
    t = await buildTestApp(dialect, { yaml: speechYaml(service.url) });
    const { token } = await newUser(t.app);
    const config = await t.app.inject({ url: '/api/files/speech/config/get', headers: auth(token) });
    expect(config.json()).toEqual({ sttExternal: true, ttsExternal: true });
    const voices = await t.app.inject({ url: '/api/files/speech/tts/voices', headers: auth(token) });
    expect(voices.json()).toEqual(['alloy', 'nova']);

    const res = await tts(t.app, token, { input: '  Bonjour  ', voice: 'nova' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mpeg');
    expect(res.body).toBe('MP3:{"model":"tts-1","input":"Bonjour","voice":"nova"}');
    expect(service.requests[0]?.headers.authorization).toBe('Bearer sk-tts');
    // No voice: the first one offered.
    await tts(t.app, token, { input: 'Hi' });
    expect(JSON.parse(service.requests[1]!.body)).toMatchObject({ voice: 'alloy' });
  });

  it('refuses an empty or over-long text and a voice not offered, naming the field', async () => {
    service = await startAudioService();
    t = await buildTestApp(dialect, { yaml: speechYaml(service.url) });
    const { token } = await newUser(t.app);
    for (const [payload, field] of [
      [{ input: '   ' }, 'input'],
      [{ input: 'x'.repeat(4097) }, 'input'],
      [{ input: 'Hi', voice: 'shimmer' }, 'voice'],
    ] as const) {
      const res = await tts(t.app, token, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<ApiErrorBody>().field).toBe(field);
    }
    expect(service.requests).toHaveLength(0);
  });

  it('transcribes a recording through /audio/transcriptions, passing the language', async () => {
    service = await startAudioService();
    t = await buildTestApp(dialect, { yaml: speechYaml(service.url) });
    const { token } = await newUser(t.app);
    const res = await postAudio(t.app, token, Buffer.from('RIFFdata'), 'audio', 'fr');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: 'hello there' });
    const seen = service.requests[0]!;
    expect(seen.headers.authorization).toBe('Bearer sk-stt');
    expect(seen.body).toContain('name="model"\r\n\r\nwhisper-1');
    expect(seen.body).toContain('name="language"\r\n\r\nfr');
    expect(seen.body).toContain('RIFFdata');
  });

  it('a form without the audio file is a 400; a recording over 25 MB is a 413', async () => {
    service = await startAudioService();
    t = await buildTestApp(dialect, { yaml: speechYaml(service.url) });
    const { token } = await newUser(t.app);
    const wrong = await postAudio(t.app, token, Buffer.from('abc'), 'file');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json<ApiErrorBody>().field).toBe('audio');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/files/speech/stt',
      headers: auth(token),
      payload: { audio: 'x' },
    });
    expect(json.statusCode).toBe(400);
    const big = await postAudio(t.app, token, Buffer.alloc(25 * 1024 * 1024 + 1));
    expect(big.statusCode).toBe(413);
    expect(big.json<ApiErrorBody>().message).toMatch(/over 25 MB/);
    expect(service.requests).toHaveLength(0);
  });

  it('a failing or unreachable service is a 502 that names it, never echoing its body', async () => {
    service = await startAudioService(true);
    t = await buildTestApp(dialect, { yaml: speechYaml(service.url) });
    const { token } = await newUser(t.app);
    const spoken = await tts(t.app, token, { input: 'Hi' });
    expect(spoken.statusCode).toBe(502);
    expect(spoken.json<ApiErrorBody>().message).toBe('The text-to-speech service answered HTTP 500.');
    const heard = await postAudio(t.app, token, Buffer.from('abc'));
    expect(heard.statusCode).toBe(502);
    expect(heard.body).not.toContain('sk-secret');
    const url = service.url;
    await service.close();
    service = undefined;
    await t.close();
    t = await buildTestApp(dialect, { yaml: speechYaml(url) });
    const second = await newUser(t.app);
    const gone = await tts(t.app, second.token, { input: 'Hi' });
    expect(gone.statusCode).toBe(502);
    expect(gone.json<ApiErrorBody>().message).toBe('The text-to-speech service could not be reached.');
  });

  it('needs a signed-in user', async () => {
    t = await buildTestApp(dialect);
    const res = await t.app.inject({ url: '/api/files/speech/config/get' });
    expect(res.statusCode).toBe(401);
  });
});
