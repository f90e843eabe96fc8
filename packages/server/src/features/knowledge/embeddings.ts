import { z } from 'zod';
import { decodeVector, unitVector } from './vector-codec';

/** An OpenAI-compatible `/embeddings` the operator configured (its URL is the operator's: fetched as it is). */
export interface EmbeddingsOptions {
  /** Up to the version path, as for chat (`https://api.openai.com/v1`); `/embeddings` is added. */
  baseURL: string;
  apiKey?: string;
  model: string;
  /** Asked of models that can shorten their vectors (text-embedding-3-*); the model's own size when absent. */
  dimensions?: number;
  /** Texts per request (64 by default). */
  batchSize?: number;
  /** Per request, ms (30 s by default). */
  timeoutMs?: number;
  fetch: typeof fetch;
}

export interface EmbeddingClient {
  /** Names the vectors' space (model and size): vectors of another key are not compared with these. */
  readonly key: string;
  /** One unit-length vector per text, in order. */
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]>;
}

export class EmbeddingError extends Error {
  override name = 'EmbeddingError';
}

const answerSchema = z.object({
  data: z
    .array(
      z.object({
        index: z.number().int().nonnegative(),
        embedding: z.union([z.array(z.number()), z.string()]),
      }),
    )
    .min(1),
});

/** Largest answer read: 64 texts of 3,072 dimensions as JSON is about 4 MB. */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

export function createEmbeddingClient(options: EmbeddingsOptions): EmbeddingClient {
  const url = `${options.baseURL.replace(/\/+$/, '')}/embeddings`;
  const batchSize = Math.max(1, options.batchSize ?? 64);
  const timeoutMs = options.timeoutMs ?? 30_000;

  async function request(input: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    // A timer of this process (not AbortSignal.timeout), so tests move it with their clock.
    const limit = new AbortController();
    const timer = setTimeout(
      () => limit.abort(new EmbeddingError(`no answer within ${timeoutMs} ms`)),
      timeoutMs,
    );
    const both = signal ? AbortSignal.any([signal, limit.signal]) : limit.signal;
    try {
      const response = await options.fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}),
        },
        body: JSON.stringify({
          model: options.model,
          input,
          encoding_format: 'float',
          ...(options.dimensions ? { dimensions: options.dimensions } : {}),
        }),
        signal: both,
      });
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        throw new EmbeddingError(`the embeddings server answered HTTP ${response.status}`);
      }
      const text = await response.text();
      if (text.length > MAX_ANSWER_BYTES) throw new EmbeddingError('the embeddings answer is too large');
      return vectorsOf(text, input.length);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      if (limit.signal.aborted) throw limit.signal.reason;
      if (error instanceof EmbeddingError) throw error;
      throw new EmbeddingError(`the embeddings server could not be reached (${(error as Error).message})`);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    key: options.dimensions ? `${options.model}@${options.dimensions}` : options.model,
    async embed(texts, signal) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize)
        out.push(...(await request(texts.slice(i, i + batchSize), signal)));
      return out;
    },
  };
}

/** The answer's vectors in input order, each of one size, finite and not zero: anything else is refused. */
function vectorsOf(text: string, count: number): Float32Array[] {
  let parsed: z.infer<typeof answerSchema>;
  try {
    parsed = answerSchema.parse(JSON.parse(text));
  } catch {
    throw new EmbeddingError('the embeddings answer is not in the /embeddings shape');
  }
  const byIndex = new Map(parsed.data.map((d) => [d.index, d.embedding]));
  const out: Float32Array[] = [];
  for (let i = 0; i < count; i += 1) {
    const raw = byIndex.get(i);
    if (raw === undefined) throw new EmbeddingError(`the embeddings answer has no vector for input ${i}`);
    const vector = unitVector(typeof raw === 'string' ? decodeVector(Buffer.from(raw, 'base64')) : raw);
    if (!vector || (out[0] && vector.length !== out[0].length))
      throw new EmbeddingError(`the embeddings answer has an unusable vector for input ${i}`);
    out.push(vector);
  }
  return out;
}
