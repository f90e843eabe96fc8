import http from 'node:http';
import { pathOf } from '@parley/shared';
import type { DialectName } from '../packages/server/src/db/database';
import { calculatorTool } from '../packages/server/src/features/tools/builtin/calculator';
import { appendEntry } from '../packages/server/src/features/ledger/ledger.repository';
import { askRaw, chatEventsOf, startChatBenchApp } from './lib/chat-app';
import { ms, percentile, progress, type BenchResult } from './lib/stats';
import { startToolUpstream } from './lib/tool-upstream';

const WARMUP = 10;
const RUNS = 120;
const P95_BUDGET = 15;

/**
 * Tool-step overhead (docs/reference/tools.md (A reply that uses tools)): from the upstream's last byte of a model call
 * that asks for a tool to the next model call's request arriving, less the tool's own time: p50 < 5 ms, p95 < 15 ms.
 * The tool is the calculator on `1 + 1`, its own time measured warm in this process before each turn. One
 * process: app, bench upstream and client, loopback; replies one at a time, each a new conversation.
 * `tool-step` runs with the balance off (CHECK_BALANCE's default): the step is saved beside the next call.
 * `tool-step-billed` runs with it on, at token prices: the call before is also settled and the next held.
 */
export const toolStep = (dialect: DialectName) => measure(dialect, false);
export const toolStepBilled = (dialect: DialectName) => measure(dialect, true);

async function measure(dialect: DialectName, billed: boolean): Promise<BenchResult> {
  const name = billed ? 'tool-step-billed' : 'tool-step';
  const upstream = await startToolUpstream();
  const app = await startChatBenchApp(
    dialect,
    upstream.url,
    name,
    billed ? { app: { checkBalance: true }, balance: { pricing: { mode: 'tokens' } } } : {},
  );
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  const toolCtx = { signal: new AbortController().signal } as Parameters<typeof calculatorTool.run>[1];
  try {
    const installed = await fetch(new URL(pathOf('updateUserPlugins'), app.base), {
      method: 'POST',
      headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ pluginKey: 'calculator', action: 'install' }),
    });
    if (installed.status !== 200) throw new Error(`installing the calculator: ${installed.status}`);
    // Credits for every call: each holds what the prompt and a reply can cost, and is settled by its usage.
    if (billed) {
      const credits = { credits: 1e12 };
      await appendEntry(app.database.db, {
        userId: app.userId,
        kind: 'adjust',
        change: credits,
        reason: 'bench',
      });
    }
    progress(
      `${dialect}: ${WARMUP} + ${RUNS} replies with one tool step each${billed ? ', balance on' : ''}`,
    );
    const overheads: number[] = [];
    const toolTimes: number[] = [];
    for (let i = 0; i < WARMUP + RUNS; i += 1) {
      const before = performance.now();
      await calculatorTool.run({ expression: '1 + 1' }, toolCtx);
      const toolTime = performance.now() - before;
      const raw = await askRaw(
        app,
        { text: `Sum ${i}`, model: 'gpt-4o', tools: ['calculator'] },
        agent,
        'gptPlugins',
      );
      const events = chatEventsOf(raw);
      if (raw.status !== 200 || !events.final)
        throw new Error(`reply ${i}: status ${raw.status}, ${events.error ?? 'no final'}`);
      if (i < WARMUP) continue;
      toolTimes.push(toolTime);
      overheads.push(upstream.marks.resultArrived - upstream.marks.callEnded - toolTime);
    }
    const p50 = percentile(overheads, 50);
    const p95 = percentile(overheads, 95);
    const missed = p95 >= P95_BUDGET ? [`p95 ${ms(p95)} ms`] : [];
    // Every call was held and settled: two a reply.
    if (billed) {
      const settled = await app.database.db
        .selectFrom('ledger_entries')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('kind', '=', 'settle')
        .executeTakeFirstOrThrow();
      const calls = 2 * (WARMUP + RUNS);
      if (Number(settled.n) !== calls) missed.push(`${settled.n} settlements for ${calls} calls`);
    }
    const work = billed
      ? 'saving the step, settling the call and holding the next (CHECK_BALANCE on, token prices)'
      : 'saving the step (CHECK_BALANCE off)';
    return {
      name: `${name}/${dialect}`,
      figure: p50,
      unit: 'ms',
      budget: 5,
      context:
        `model call's last byte → next model request, less the tool's own time, ${RUNS} replies: p50 ${ms(p50)}, ` +
        `p95 ${ms(p95)} (budget < ${P95_BUDGET}), max ${ms(percentile(overheads, 100))} ms; ` +
        `the calculator's own time p50 ${ms(percentile(toolTimes, 50))} ms; includes ${work}`,
      ...(missed.length > 0 ? { missed } : {}),
    };
  } finally {
    agent.destroy();
    await app.close();
    await upstream.close();
  }
}
