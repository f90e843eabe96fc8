import http from 'node:http';
import type { DialectName } from '../packages/server/src/db/database';
import { askRaw, chatEventsOf, startChatBenchApp, startChildServer, type ChatBenchApp } from './lib/chat-app';
import { progress, type BenchResult } from './lib/stats';

const SIZES = [100, 400, 1_600];
/** Tokens per second: 60 puts ~16.7 ms between tokens, so the 50 ms coalescing window puts three tokens in a
 * frame (a slower stream pays more framing per byte, but is not what the budget names). */
const RATE = 60;

interface Measured {
  tokens: number;
  wire: number;
  reply: number;
  frames: number;
}

async function measure(app: ChatBenchApp, agent: http.Agent, tokens: number): Promise<Measured> {
  const script = JSON.stringify({ tokens, rate: RATE, firstTokenDelayMs: 20 });
  const raw = await askRaw(app, { text: `Write ${tokens} tokens [[sim ${script}]]` }, agent);
  const events = chatEventsOf(raw);
  if (raw.status !== 200 || !events.final) throw new Error(`${tokens} tokens: status ${raw.status}`);
  const text = events.final.text;
  if (events.texts.map((t) => t.text).join('') !== text) throw new Error('deltas do not add up to the reply');
  return { tokens, wire: raw.bytes, reply: Buffer.byteLength(text), frames: events.frames.length };
}

/**
 * Bytes on the wire (docs/architecture.md (Performance budgets)): the raw bytes of the SSE response body (created,
 * every delta frame with its `id:/data:` framing, the final event) over the UTF-8 size of the reply, for a 400-token
 * reply from the simulator (a child process), at most 4 x; 100 and 1,600 tokens alongside show the ratio stays flat.
 */
export async function wireBytes(dialect: DialectName): Promise<BenchResult> {
  const sim = await startChildServer('packages/sim/src/cli.ts', ['--port', '0']);
  const app = await startChatBenchApp(dialect, sim.url, 'wire');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  try {
    progress(`${dialect}: ${SIZES.join(', ')}-token replies at ${RATE} tokens/s, side by side`);
    const results = await Promise.all(SIZES.map((n) => measure(app, agent, n)));
    const ratio = (m: Measured) => m.wire / m.reply;
    const main = results.find((m) => m.tokens === 400)!;
    return {
      name: `wire-bytes/${dialect}`,
      figure: ratio(main),
      unit: 'x',
      budget: 4,
      context:
        results
          .map(
            (m) =>
              `${m.tokens} tokens: ${m.wire.toLocaleString('en')} B wire / ${m.reply.toLocaleString('en')} B ` +
              `reply = ${ratio(m).toFixed(2)}x (${m.frames} frames)`,
          )
          .join('; ') + ` — sim tokens "tokN ", ${RATE} tokens/s`,
    };
  } finally {
    agent.destroy();
    await app.close();
    await sim.stop();
  }
}
