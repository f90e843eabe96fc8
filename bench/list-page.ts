import type { DialectName } from '../packages/server/src/db/database';
import { listUserConversations } from '../packages/server/src/features/conversations/conversations.service';
import { listConversations } from '../packages/server/src/features/conversations/conversations.repository';
import type { ConversationRow } from '../packages/server/src/features/conversations/conversations.table';
import { freshBenchDatabase } from './lib/databases';
import { Random } from './lib/random';
import { conversationRow, openSeeder, type Seeder } from './lib/seed';
import { ms, percentile, progress, timeRuns, type BenchResult } from './lib/stats';

const CONVERSATIONS = 100_000;
const OTHER_USERS = 3;
const OTHERS_EACH = 2_000;
const RUNS = 200;

async function seedConversations(seeder: Seeder, rnd: Random, userId: string, count: number): Promise<void> {
  const start = Date.UTC(2023, 0, 1);
  let batch: ConversationRow[] = [];
  for (let i = 0; i < count; i += 1) {
    const created = start + i * 300_000;
    const updated = created + rnd.int(0, 86_400_000); // a later turn moved it up
    batch.push(
      conversationRow(rnd, userId, new Date(created).toISOString(), new Date(updated).toISOString()),
    );
    if (batch.length === 5_000 || i === count - 1) {
      await seeder.conversations(batch);
      batch = [];
    }
  }
}

/** The service's cursor format (an opaque token to clients): base64url of JSON [updated_at, conversation_id]. */
const cursorOf = (row: ConversationRow) =>
  Buffer.from(JSON.stringify([row.updated_at, row.conversation_id])).toString('base64url');

/**
 * The conversation list through the service (GET /api/convos): page 1, the next page by cursor, and the numbered
 * page 2, for a user with 100,000 conversations (p95 < 10 ms: docs/architecture.md (Performance budgets)). The figure
 * is the worst of the three p95s.
 */
export async function listPage(dialect: DialectName): Promise<BenchResult> {
  const d = await freshBenchDatabase(dialect, 'listpage');
  try {
    const rnd = new Random(7);
    const me = rnd.uuid();
    const others = Array.from({ length: OTHER_USERS }, () => rnd.uuid());
    const seeder = await openSeeder(dialect, d.where, { bulk: false });
    await seeder.users([me, ...others]);
    progress(
      `${dialect}: seeding ${CONVERSATIONS.toLocaleString('en')} conversations (+ titles in the search index)`,
    );
    for (const other of others) await seedConversations(seeder, rnd, other, OTHERS_EACH);
    await seedConversations(seeder, rnd, me, CONVERSATIONS);
    await seeder.finish();

    const first = await listUserConversations(d.db, me, { pageNumber: 1 });
    // The numbered form counts up to a cap, so past it `pages` only promises that another page exists.
    if (first.pages < 2 || !first.nextCursor || first.conversations.length !== 25)
      throw new Error('unexpected page 1');
    const cursor = first.nextCursor;
    const forms = {
      'page 1': () => listUserConversations(d.db, me, { pageNumber: 1 }),
      cursor: () => listUserConversations(d.db, me, { pageNumber: 2, cursor }),
      'page 2': () => listUserConversations(d.db, me, { pageNumber: 2 }),
    };
    const p95s: Record<string, number> = {};
    const parts: string[] = [];
    for (const [form, fn] of Object.entries(forms)) {
      const times = await timeRuns(RUNS, fn);
      p95s[form] = percentile(times, 95);
      parts.push(`${form} p50 ${ms(percentile(times, 50))} / p95 ${ms(p95s[form])} ms`);
    }
    // Not in the figure: how a deep numbered page (OFFSET 75,000) does, for the record.
    const deep = await timeRuns(20, () => listUserConversations(d.db, me, { pageNumber: 3_001 }), 2);
    const [at] = await listConversations(d.db, me, { limit: 1, offset: 75_000 - 1 });
    const deepCursor = cursorOf(at!);
    const deepByCursor = await timeRuns(
      20,
      () => listUserConversations(d.db, me, { pageNumber: 3_001, cursor: deepCursor }),
      2,
    );
    const figure = Math.max(...Object.values(p95s));
    return {
      name: `list-page/${dialect}`,
      figure,
      unit: 'ms',
      budget: 10,
      context:
        `worst p95 of ${RUNS} calls each, ${CONVERSATIONS.toLocaleString('en')} conversations: ${parts.join(', ')}; ` +
        `not in the figure: page 3,001 by number p50 ${ms(percentile(deep, 50))} ms, by cursor p50 ${ms(percentile(deepByCursor, 50))} ms`,
    };
  } finally {
    await d.cleanup();
  }
}
