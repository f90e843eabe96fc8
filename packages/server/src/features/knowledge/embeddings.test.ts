import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createEmbeddingClient, EmbeddingError } from './embeddings';
import {
  FAKE_DIMENSIONS,
  fakeEmbedding,
  startEmbeddingsServer,
  type EmbeddingsServer,
} from './embeddings-server.test-helpers';
import { unitVector } from './vector-codec';

describe('embeddings client', () => {
  let server: EmbeddingsServer;
  beforeAll(async () => {
    server = await startEmbeddingsServer();
  });
  afterAll(() => server.close());
  afterEach(() => {
    server.requests.length = 0;
    server.faults.length = 0;
    server.always = undefined;
    vi.useRealTimers();
  });

  const client = (extra: Partial<Parameters<typeof createEmbeddingClient>[0]> = {}) =>
    createEmbeddingClient({
      baseURL: `${server.baseURL}/`,
      apiKey: 'sk-test',
      model: 'toy-embed',
      fetch,
      ...extra,
    });

  it('posts the /embeddings request shape and answers unit vectors in input order', async () => {
    const texts = ['the car is red', '熊猫吃竹子', 'doctor'];
    const vectors = await client({ dimensions: 64 }).embed(texts);
    expect(server.requests).toHaveLength(1);
    const [req] = server.requests;
    expect(req!.path).toBe('/v1/embeddings');
    expect(req!.headers.authorization).toBe('Bearer sk-test');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(req!.body).toEqual({ model: 'toy-embed', input: texts, encoding_format: 'float', dimensions: 64 });
    expect(vectors.map((v) => Array.from(v))).toEqual(
      texts.map((t) => Array.from(unitVector(fakeEmbedding(t))!)),
    );
    for (const v of vectors) expect(v).toHaveLength(FAKE_DIMENSIONS);
  });

  it('names its vector space by model and size, and sends no key or size it was not given', async () => {
    expect(client().key).toBe('toy-embed');
    expect(client({ dimensions: 256 }).key).toBe('toy-embed@256');
    await client({ apiKey: undefined }).embed(['x']);
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    expect(server.requests[0]!.body).toEqual({ model: 'toy-embed', input: ['x'], encoding_format: 'float' });
  });

  it('sends many texts in batches', async () => {
    const texts = Array.from({ length: 7 }, (_, i) => `text number ${i}`);
    const vectors = await client({ batchSize: 3 }).embed(texts);
    expect(server.requests.map((r) => r.body.input)).toEqual([
      texts.slice(0, 3),
      texts.slice(3, 6),
      texts.slice(6),
    ]);
    expect(vectors.map((v) => Array.from(v))).toEqual(
      texts.map((t) => Array.from(unitVector(fakeEmbedding(t))!)),
    );
  });

  it('reads base64 vectors, which some servers send whatever was asked', async () => {
    const base64 = createEmbeddingClient({
      baseURL: server.baseURL,
      model: 'm',
      fetch: (url, init) => {
        const body = JSON.parse(String(init!.body)) as Record<string, unknown>;
        return fetch(url, { ...init, body: JSON.stringify({ ...body, encoding_format: 'base64' }) });
      },
    });
    const [v] = await base64.embed(['base64 please']);
    expect(Array.from(v!)).toEqual(Array.from(unitVector(fakeEmbedding('base64 please'))!));
  });

  it.each([
    ['status500', 'the embeddings server answered HTTP 500'],
    ['status401', 'the embeddings server answered HTTP 401'],
    ['garbage', 'the embeddings answer is not in the /embeddings shape'],
    ['missing-vector', 'the embeddings answer has no vector for input 1'],
  ] as const)('refuses a %s answer with an EmbeddingError', async (fault, message) => {
    server.faults.push(fault);
    const error = await client()
      .embed(['a', 'b'])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EmbeddingError);
    expect((error as Error).message).toBe(message);
  });

  it('refuses vectors of different sizes, zero vectors and values that are not numbers', async () => {
    const answering = (data: unknown) =>
      createEmbeddingClient({
        baseURL: 'http://127.0.0.1:1/v1',
        model: 'm',
        fetch: async () => new Response(JSON.stringify({ data }), { status: 200 }),
      });
    const cases: Array<[unknown, string]> = [
      [
        [
          { index: 0, embedding: [1, 0] },
          { index: 1, embedding: [1, 0, 0] },
        ],
        'unusable vector for input 1',
      ],
      [
        [
          { index: 0, embedding: [0, 0] },
          { index: 1, embedding: [1, 0] },
        ],
        'unusable vector for input 0',
      ],
      [
        [
          { index: 0, embedding: ['1', 0] },
          { index: 1, embedding: [1, 0] },
        ],
        'not in the /embeddings shape',
      ],
      [[], 'not in the /embeddings shape'],
    ];
    for (const [data, message] of cases) {
      await expect(answering(data).embed(['a', 'b'])).rejects.toThrow(message);
    }
  });

  it('says the server could not be reached when nothing listens', async () => {
    const closed = createEmbeddingClient({ baseURL: 'http://127.0.0.1:1/v1', model: 'm', fetch });
    await expect(closed.embed(['a'])).rejects.toThrow(/^the embeddings server could not be reached/);
  });

  it('gives up on a server that does not answer within the time limit (a clock the test moves)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    server.always = 'hang';
    const pending = client({ timeoutMs: 5_000 })
      .embed(['slow'])
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1), { interval: 5, timeout: 5_000 });
    await vi.advanceTimersByTimeAsync(5_000);
    const error = await pending;
    expect(error).toBeInstanceOf(EmbeddingError);
    expect((error as Error).message).toBe('no answer within 5000 ms');
  });

  it('stops when its caller aborts, with the caller’s reason', async () => {
    server.always = 'hang';
    const controller = new AbortController();
    const pending = client()
      .embed(['x'], controller.signal)
      .catch((e: unknown) => e);
    await vi.waitFor(() => expect(server.requests).toHaveLength(1), { interval: 5, timeout: 5_000 });
    controller.abort(new Error('reply stopped'));
    expect(((await pending) as Error).message).toBe('reply stopped');
  });
});
