import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase, type DatabaseHandle, type DialectName } from '../packages/server/src/db/database';
import { migrateToLatest } from '../packages/server/src/db/migrate';
import { migrations } from '../packages/server/src/db/migrations/index';
import { searchUser } from '../packages/server/src/features/search/search.service';
import { dropSchema, KEEP, pgAdmin, PG_URL } from './lib/databases';
import { Random } from './lib/random';
import { conversationRow, messageChain, openSeeder, type Seeder } from './lib/seed';
import { ms, percentile, progress, type BenchResult } from './lib/stats';

/** Bump when the generated data changes: it names the cached SQLite file and the kept PostgreSQL schema. */
const DATA_VERSION = 1;
/** BENCH_SEARCH_MESSAGES=200000 measures a smaller corpus (the figure line says the size). */
const MESSAGES = Number(process.env.BENCH_SEARCH_MESSAGES ?? 1_000_000);
/** The searching user owns 80% of the messages, ~80 per conversation (10,000 conversations at 1M). */
const MY_SHARE = 0.8;
const MY_PER_CONVERSATION = 80;
const OTHER_USERS = 4;
const OTHER_PER_CONVERSATION = 100;

/** Two-character Chinese (common, rare, across a word boundary), English words, prefixes, and no-hit queries. */
const QUERIES = [
  '天气',
  '数据',
  '今天',
  '熊猫',
  '麒麟',
  '气很',
  '今天天气',
  'the',
  'database',
  'performance',
  'zeppelin',
  'database index',
  'da',
  'perf',
  'tran',
  'quok',
  'xyzzyplugh',
  '鳄鱼',
  'quokka 鳄鱼',
  'zzq',
] as const;
const ROUNDS = 5; // 20 queries x 5 = 100 measured searches

/** The cache key: data version, size, and the migrations the file was made with. */
function dataKey(): string {
  const migrationNames = Object.keys(migrations).sort().join(',');
  const hash = createHash('sha256').update(`${DATA_VERSION}|${MESSAGES}|${migrationNames}`).digest('hex');
  return `v${DATA_VERSION}_${MESSAGES}_${hash.slice(0, 8)}`;
}

interface Plan {
  me: string;
  others: string[];
}

/** Seeds the corpus in time order: one conversation (a burst of messages) after another, users interleaved. */
async function seedCorpus(seeder: Seeder, dialect: DialectName): Promise<void> {
  const rnd = new Random(99);
  const plan: Plan = { me: rnd.uuid(), others: Array.from({ length: OTHER_USERS }, () => rnd.uuid()) };
  await seeder.users([plan.me, ...plan.others]);
  const mine = Math.round((MESSAGES * MY_SHARE) / MY_PER_CONVERSATION);
  const theirs = Math.round((MESSAGES * (1 - MY_SHARE)) / OTHER_PER_CONVERSATION);
  const total = mine + theirs;
  let clock = Date.UTC(2024, 0, 1);
  let done = 0;
  let messages = 0;
  let batch: {
    conversations: ReturnType<typeof conversationRow>[];
    messages: ReturnType<typeof messageChain>;
  } = {
    conversations: [],
    messages: [],
  };
  const started = performance.now();
  const flush = async () => {
    await seeder.conversations(batch.conversations);
    await seeder.messages(batch.messages);
    batch = { conversations: [], messages: [] };
  };
  for (let i = 0; i < total; i += 1) {
    // Spread the other users' conversations evenly between the searching user's.
    const isMine = Math.floor(((i + 1) * mine) / total) > Math.floor((i * mine) / total);
    const user = isMine ? plan.me : plan.others[i % OTHER_USERS]!;
    const count = isMine ? MY_PER_CONVERSATION : OTHER_PER_CONVERSATION;
    const created = clock;
    const last = created + 1_000 + (count - 1) * 20_000;
    const convo = conversationRow(rnd, user, new Date(created).toISOString(), new Date(last).toISOString());
    batch.conversations.push(convo);
    batch.messages.push(...messageChain(rnd, user, convo.conversation_id, count, created + 1_000, 20_000));
    clock = last + 1_000;
    messages += count;
    done += 1;
    if (batch.messages.length >= 10_000 || done === total) {
      await flush();
      if (done % 1_000 < 125 || done === total) {
        const s = (performance.now() - started) / 1000;
        progress(
          `${dialect}: ${messages.toLocaleString('en')} / ${MESSAGES.toLocaleString('en')} messages, ${s.toFixed(0)} s`,
        );
      }
    }
  }
  progress(`${dialect}: finishing (indexes, ANALYZE)`);
  await seeder.finish();
}

async function searchUserId(handle: DatabaseHandle): Promise<string> {
  // The searching user is the first one generated (seed 99), the one with the most conversations.
  const rows = await handle.db
    .selectFrom('conversations')
    .select(['user_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .groupBy('user_id')
    .orderBy('n', 'desc')
    .execute();
  return rows[0]!.user_id;
}

interface Corpus {
  handle: DatabaseHandle;
  reused: boolean;
  where: string;
  close(): Promise<void>;
}

async function sqliteCorpus(): Promise<Corpus> {
  const dir = join(tmpdir(), 'parley-bench-cache');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `search-${dataKey()}.db`);
  const reused = existsSync(file);
  if (!reused) {
    const partial = `${file}.partial`;
    for (const f of [partial, `${partial}-wal`, `${partial}-shm`]) rmSync(f, { force: true });
    const fresh = openDatabase(partial);
    await migrateToLatest(fresh);
    await fresh.destroy();
    await seedCorpus(await openSeeder('sqlite', partial, { bulk: true }), 'sqlite');
    renameSync(partial, file);
  }
  const handle = openDatabase(file);
  return { handle, reused, where: file, close: () => handle.destroy() };
}

async function postgresCorpus(): Promise<Corpus> {
  const schema = `bench_search_${dataKey()}`;
  const state = await pgAdmin(async (c) => {
    const { rows } = await c.query<{ note: string | null }>(
      `SELECT obj_description(oid, 'pg_namespace') AS note FROM pg_namespace WHERE nspname = $1`,
      [schema],
    );
    return rows.length === 0 ? 'absent' : rows[0]!.note === 'complete' ? 'complete' : 'partial';
  });
  if (state === 'partial') await dropSchema(schema);
  if (state !== 'complete') {
    await pgAdmin((c) => c.query(`CREATE SCHEMA ${schema}`));
    try {
      const fresh = openDatabase(PG_URL, { searchPath: schema });
      await migrateToLatest(fresh);
      await fresh.destroy();
      await seedCorpus(await openSeeder('postgres', schema, { bulk: true }), 'postgres');
      await pgAdmin((c) => c.query(`COMMENT ON SCHEMA ${schema} IS 'complete'`));
    } catch (error) {
      if (!KEEP) await dropSchema(schema);
      throw error;
    }
  }
  const handle = openDatabase(PG_URL, { searchPath: schema });
  return {
    handle,
    reused: state === 'complete',
    where: schema,
    close: async () => {
      await handle.destroy();
      if (!KEEP) await dropSchema(schema);
    },
  };
}

/**
 * GET /api/search through the service over the corpus (p95 < 100 ms: docs/architecture.md (Performance budgets)); the
 * figure is the p95 of 100 searches.
 */
export async function search(dialect: DialectName): Promise<BenchResult> {
  if (dialect === 'sqlite') progress(`sqlite: corpus cached under ${join(tmpdir(), 'parley-bench-cache')}`);
  const corpus = dialect === 'sqlite' ? await sqliteCorpus() : await postgresCorpus();
  try {
    const { db } = corpus.handle;
    const me = await searchUserId(corpus.handle);
    const pages = new Map<string, number>();
    for (const q of QUERIES) pages.set(q, (await searchUser(db, me, q, 1)).pages); // warm-up round
    const times: number[] = [];
    const byQuery = new Map<string, number[]>();
    for (let round = 0; round < ROUNDS; round += 1) {
      for (const q of QUERIES) {
        const start = performance.now();
        await searchUser(db, me, q, 1);
        const t = performance.now() - start;
        times.push(t);
        byQuery.set(q, [...(byQuery.get(q) ?? []), t]);
      }
    }
    const perQuery = [...byQuery].map(([q, ts]) => ({ q, median: percentile(ts, 50), pages: pages.get(q)! }));
    for (const { q, median, pages: p } of perQuery)
      progress(`${dialect}: ${JSON.stringify(q)} median ${ms(median)} ms, ${p} result page(s)`);
    const slowest = [...perQuery].sort((a, b) => b.median - a.median).slice(0, 3);
    return {
      name: `search/${dialect}`,
      figure: percentile(times, 95),
      unit: 'ms',
      budget: 100,
      context:
        `p95 (p50 ${ms(percentile(times, 50))} ms) of ${times.length} searches, ${MESSAGES.toLocaleString('en')} messages` +
        `${corpus.reused ? ' (reused seed)' : ''}; slowest: ` +
        slowest.map((s) => `${JSON.stringify(s.q)} ${ms(s.median)} ms (~${s.pages * 25} hits)`).join(', '),
    };
  } finally {
    await corpus.close();
  }
}
