import http from 'node:http';
import type { DialectName } from '../packages/server/src/db/database';
import { askRaw, chatEventsOf, startChatBenchApp, type ChatBenchApp } from './lib/chat-app';
import { ms, percentile, progress, type BenchResult } from './lib/stats';
import { startUpstream } from './lib/upstream';

const WARMUP = 10;
const RUNS = 120;
const FIRST_TOKEN_DELAY_MS = 40;

/**
 * Relay overhead (docs/architecture.md (Performance budgets)): from the upstream writing its first token chunk to the
 * client reading the first `text` event, p50 < 5 ms. The upstream is the bench's own OpenAI-speaking server in this
 * process (the simulator does not report when it wrote), so both ends read the same performance.now() clock. Turns run
 * one at a time, chained in one conversation (no title request competes), over real HTTP on loopback.
 */
/** The upstream's first token write, which the turns compare the client's first text event with. */
export interface FirstWrite {
  first: number;
}

/**
 * `warmup` + `runs` turns one at a time, chained in one conversation: for each measured turn, the upstream's first
 * token write → the client's first `text` event, and how long before it the `created` event came.
 */
export async function relayTurns(
  app: ChatBenchApp,
  agent: http.Agent,
  written: FirstWrite,
  warmup: number,
  runs: number,
): Promise<{ overheads: number[]; createdLead: number[] }> {
  const overheads: number[] = [];
  const createdLead: number[] = [];
  let parent: { conversationId: string; messageId: string } | null = null;
  for (let i = 0; i < warmup + runs; i += 1) {
    written.first = Number.NaN;
    const raw = await askRaw(
      app,
      {
        text: `Question ${i}`,
        ...(parent ? { conversationId: parent.conversationId, parentMessageId: parent.messageId } : {}),
      },
      agent,
    );
    const events = chatEventsOf(raw);
    if (raw.status !== 200 || !events.final || !events.created || events.texts.length === 0) {
      throw new Error(`turn ${i}: status ${raw.status}, ${events.error ?? 'no final event'}`);
    }
    parent = { conversationId: events.final.conversationId, messageId: events.final.messageId };
    if (i < warmup) continue;
    overheads.push(events.texts[0]!.at - written.first);
    createdLead.push(written.first - events.created.at);
  }
  return { overheads, createdLead };
}

export async function relayOverhead(dialect: DialectName): Promise<BenchResult> {
  const written: FirstWrite = { first: Number.NaN };
  const upstream = await startUpstream({
    tokens: 3,
    intervalMs: 10,
    firstTokenDelayMs: FIRST_TOKEN_DELAY_MS,
    onTokenWrite: (i, at) => {
      if (i === 0) written.first = at;
    },
  });
  const app = await startChatBenchApp(dialect, upstream.url, 'relay');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  try {
    progress(`${dialect}: ${WARMUP} + ${RUNS} sequential turns`);
    const { overheads, createdLead } = await relayTurns(app, agent, written, WARMUP, RUNS);
    const p50 = percentile(overheads, 50);
    return {
      name: `relay-overhead/${dialect}`,
      figure: p50,
      unit: 'ms',
      budget: 5,
      context:
        `upstream first-token write → client first text event, ${RUNS} turns: p50 ${ms(p50)}, ` +
        `p90 ${ms(percentile(overheads, 90))}, max ${ms(percentile(overheads, 100))} ms; ` +
        `'created' arrived p50 ${ms(percentile(createdLead, 50))} ms before the first token ` +
        `(firstTokenDelay ${FIRST_TOKEN_DELAY_MS} ms); one process: app + bench upstream + client, loopback`,
    };
  } finally {
    agent.destroy();
    await app.close();
    await upstream.close();
  }
}
