import type { Sim } from '../types';

export interface SseEvent {
  event: string | undefined;
  data: string;
}

/** Splits an SSE body into its frames, failing loudly on anything that is not `event:`/`data:` framing. */
export function parseSse(text: string): SseEvent[] {
  if (!text.endsWith('\n\n'))
    throw new Error(`SSE body does not end with a blank line: ${JSON.stringify(text.slice(-40))}`);
  return text
    .slice(0, -2)
    .split('\n\n')
    .map((frame) => {
      let event: string | undefined;
      let data = '';
      for (const line of frame.split('\n')) {
        if (line.startsWith('event: ')) event = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
        else throw new Error(`unexpected SSE line: ${line}`);
      }
      return { event, data };
    });
}

export function post(
  sim: Sim,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Response> {
  return fetch(sim.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

export const script = (s: unknown) => ({ 'x-sim-script': JSON.stringify(s) });

/** An OpenAI-style streamed request body with one user message. */
export const chatBody = (content: string, extra: Record<string, unknown> = {}) => ({
  model: 'gpt-4o',
  stream: true,
  messages: [{ role: 'user', content }],
  ...extra,
});

// Tests index freely into provider bodies whose shapes they are asserting; a typed model of each would
// restate the very thing under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

export async function json(res: Response | Promise<Response>): Promise<Loose> {
  return (await res).json();
}
