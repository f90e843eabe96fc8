import type { DialectName } from '../packages/server/src/db/database';
import { ancestorPath } from '../packages/server/src/features/messages/ancestor-path.repository';
import { freshBenchDatabase } from './lib/databases';
import { Random } from './lib/random';
import { conversationRow, messageChain, openSeeder } from './lib/seed';
import { ms, percentile, progress, timeRuns, type BenchResult } from './lib/stats';

const MESSAGES = 10_000;
const TOKEN_BUDGET = 4_000;
const RUNS = 200;

/**
 * ancestorPath from the newest message of a 10,000-message conversation, 4,000-token budget (< 10 ms:
 * docs/architecture.md (Performance budgets)).
 */
export async function turnPrep(dialect: DialectName): Promise<BenchResult> {
  const d = await freshBenchDatabase(dialect, 'turnprep');
  try {
    const rnd = new Random(20240101);
    const me = rnd.uuid();
    const other = rnd.uuid();
    const start = Date.UTC(2024, 0, 1);
    const seeder = await openSeeder(dialect, d.where, { bulk: false });
    await seeder.users([me, other]);
    const convo = conversationRow(
      rnd,
      me,
      new Date(start).toISOString(),
      new Date(start + MESSAGES * 30_000).toISOString(),
    );
    // Another user's long conversation too, so the table holds more than the one chain.
    const theirs = conversationRow(rnd, other, new Date(start).toISOString(), new Date(start).toISOString());
    await seeder.conversations([convo, theirs]);
    progress(`${dialect}: seeding ${MESSAGES.toLocaleString('en')} + 5,000 messages`);
    const chain = messageChain(rnd, me, convo.conversation_id, MESSAGES, start, 30_000);
    for (let i = 0; i < chain.length; i += 2_000) await seeder.messages(chain.slice(i, i + 2_000));
    await seeder.messages(messageChain(rnd, other, theirs.conversation_id, 5_000, start, 30_000));
    await seeder.finish();

    const newest = chain.at(-1)!.message_id;
    const path = await ancestorPath(d.db, me, convo.conversation_id, newest, TOKEN_BUDGET);
    const tokens = path.reduce((sum, m) => sum + m.token_count, 0);
    const times = await timeRuns(RUNS, () =>
      ancestorPath(d.db, me, convo.conversation_id, newest, TOKEN_BUDGET),
    );
    const p50 = percentile(times, 50);
    const p95 = percentile(times, 95);
    return {
      name: `turn-prep/${dialect}`,
      figure: p95,
      unit: 'ms',
      budget: 10,
      context:
        `p95 (p50 ${ms(p50)} ms) of ${RUNS} ancestorPath calls from the newest of ${MESSAGES.toLocaleString('en')} ` +
        `messages, budget ${TOKEN_BUDGET.toLocaleString('en')} tokens: ${path.length} messages, ${tokens.toLocaleString('en')} tokens`,
    };
  } finally {
    await d.cleanup();
  }
}
