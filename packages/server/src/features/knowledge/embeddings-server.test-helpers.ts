import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { documentTerms } from '../search/search-tokens';

/** Words the fake model takes to mean the same (its whole "understanding"). */
const SYNONYMS: Record<string, string> = {
  automobile: 'car',
  vehicle: 'car',
  汽车: 'car',
  physician: 'doctor',
  医生: 'doctor',
};

export const FAKE_DIMENSIONS = 64;

/** Where a term lands among the dimensions (FNV-1a). */
function dimensionOf(term: string): number {
  let h = 0x811c9dc5;
  for (const c of term) h = Math.imul(h ^ c.codePointAt(0)!, 0x01000193) >>> 0;
  return h % FAKE_DIMENSIONS;
}

/** A bag-of-terms vector, synonyms counted as one term, not normalised (the client does that). */
export function fakeEmbedding(text: string): number[] {
  const v: number[] = new Array<number>(FAKE_DIMENSIONS).fill(0);
  for (const t of documentTerms(text)) {
    const d = dimensionOf(SYNONYMS[t] ?? t);
    v[d] = v[d]! + 1;
  }
  if (!v.some((x) => x !== 0)) v[0] = 1;
  return v;
}

export interface EmbeddingsRequest {
  headers: http.IncomingHttpHeaders;
  path: string;
  body: { model?: string; input?: string[]; encoding_format?: string; dimensions?: number };
}

/** What the server does with the next request: answer, fail with a status, never answer, or answer nonsense. */
export type EmbeddingsFault = 'status500' | 'status401' | 'hang' | 'garbage' | 'missing-vector';

export interface EmbeddingsServer {
  /** Up to `/v1`, as an operator configures it. */
  baseURL: string;
  requests: EmbeddingsRequest[];
  /** Faults for the next requests, one each, in order; `always` makes every request fail that way. */
  faults: EmbeddingsFault[];
  always?: EmbeddingsFault;
  close(): Promise<void>;
}

/** A local server speaking OpenAI's `POST /v1/embeddings` request and answer shapes, with a toy model. */
export async function startEmbeddingsServer(): Promise<EmbeddingsServer> {
  const state: Omit<EmbeddingsServer, 'baseURL' | 'close'> = { requests: [], faults: [] };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8').on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}') as EmbeddingsRequest['body'];
      state.requests.push({ headers: req.headers, path: req.url ?? '', body });
      const fault = state.faults.shift() ?? state.always;
      const send = (status: number, answer: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(typeof answer === 'string' ? answer : JSON.stringify(answer));
      };
      if (fault === 'hang') return;
      if (fault === 'status500') return send(500, { error: { message: 'overloaded' } });
      if (fault === 'status401') return send(401, { error: { message: 'Incorrect API key provided' } });
      if (fault === 'garbage') return send(200, '{"data": "nope"');
      if (req.url !== '/v1/embeddings' || req.method !== 'POST')
        return send(404, { error: { message: 'no route' } });
      const input = body.input ?? [];
      const data = input.map((text, index) => {
        const values = fakeEmbedding(text);
        const embedding =
          body.encoding_format === 'base64'
            ? Buffer.from(new Float32Array(values).buffer).toString('base64')
            : values;
        return { object: 'embedding', index, embedding };
      });
      if (fault === 'missing-vector') data.pop();
      // Answered in reverse order: the client must place vectors by `index`, not by position.
      send(200, {
        object: 'list',
        data: data.reverse(),
        model: body.model,
        usage: { prompt_tokens: 1, total_tokens: 1 },
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(state, {
    baseURL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
