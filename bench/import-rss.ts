import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import type { DialectName } from '../packages/server/src/db/database';
import { createLocalStorage } from '../packages/server/src/features/files/storage/local.storage';
import { createImportHandler } from '../packages/server/src/features/imports/import-job';
import { insertImport } from '../packages/server/src/features/imports/imports.repository';
import { countTokens } from '../packages/server/src/lib/tokens';
import { newUserRow } from '../packages/server/test/factories.test-helpers';
import { freshBenchDatabase } from './lib/databases';
import { progress, type BenchResult } from './lib/stats';

// Peak memory of importing a 50 MB ChatGPT export (about 1,600 conversations of 30 messages with a branch each):
// the import job run in this process over a fresh database, its RSS sampled every 20 ms, the figure being the
// peak above the RSS just before the job (the tokenizer's tables already loaded). Budget: 150 MB above it. A job
// that read the file whole would hold it as text and parsed objects, several times its 50 MB.

const BUDGET_MB = 150;
const TARGET_BYTES = 50 * 1024 * 1024 - 64 * 1024;

async function writeExport(path: string): Promise<number> {
  const out = createWriteStream(path);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('[');
  let bytes = 1;
  let n = 0;
  const para =
    'The quick brown fox jumps over the lazy dog while the report on quarterly figures is drafted. ';
  while (bytes < TARGET_BYTES) {
    const mapping: Record<string, unknown> = {
      root: { id: 'root', message: null, parent: null, children: ['m0'] },
    };
    let parent = 'root';
    for (let i = 0; i < 30; i += 1) {
      const id = `m${i}`;
      mapping[id] = {
        id,
        message: {
          id,
          author: { role: i % 2 === 0 ? 'user' : 'assistant' },
          create_time: 1_700_000_000 + n * 100 + i,
          content: { content_type: 'text', parts: [`${n}/${i} ${para.repeat(10)}`] },
          metadata: { model_slug: 'gpt-4o' },
        },
        parent,
        children: [],
      };
      parent = id;
    }
    const text = `${n === 0 ? '' : ','}${JSON.stringify({ title: `Chat ${n}`, create_time: 1_700_000_000 + n * 100, mapping, current_node: 'm29' })}`;
    await write(text);
    bytes += Buffer.byteLength(text);
    n += 1;
  }
  await write(']');
  out.end();
  await once(out, 'close');
  return n;
}

export async function importRss(dialect: DialectName): Promise<BenchResult> {
  const dir = mkdtempSync(join(tmpdir(), 'parley-import-bench-'));
  const database = await freshBenchDatabase(dialect, 'import_rss');
  try {
    const path = join(dir, 'conversations.json');
    progress(`import-rss/${dialect}: writing the 50 MB export`);
    const count = await writeExport(path);
    const size = statSync(path).size;
    const storage = createLocalStorage(dir);
    const db = database.db;
    const userId = (await newUserRow(db)).id;
    const key = `${userId}/import.json`;
    await storage.put(key, createReadStream(path), 'application/json');
    const importId = randomUUID();
    const now = new Date().toISOString();
    await insertImport(db, {
      import_id: importId,
      user_id: userId,
      status: 'pending',
      storage_source: 'local',
      storage_key: key,
      total_bytes: size,
      bytes_read: 0,
      conversations: 0,
      error: null,
      created_at: now,
      updated_at: now,
    });
    countTokens('warm the tokenizer');
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 20);
    const started = performance.now();
    progress(`import-rss/${dialect}: importing ${count} conversations`);
    const handler = createImportHandler({
      db,
      storageForSource: async () => storage,
      onError: (e) => console.error(e),
    });
    await handler.run(
      { importId, userId },
      { taskId: 'bench', attempt: 1, maxAttempts: 1, signal: new AbortController().signal },
    );
    clearInterval(timer);
    const seconds = (performance.now() - started) / 1000;
    const row = await db
      .selectFrom('conversation_imports')
      .selectAll()
      .where('import_id', '=', importId)
      .executeTakeFirstOrThrow();
    if (row.status !== 'completed') throw new Error(`import ${row.status}: ${row.error}`);
    const mb = (b: number) => Math.round((b / 1024 / 1024) * 10) / 10;
    return {
      name: `import-rss/${dialect}`,
      figure: mb(peak - before),
      unit: 'MB',
      budget: BUDGET_MB,
      context: `${mb(size)} MB ChatGPT export, ${count} conversations × 30 messages in ${seconds.toFixed(1)} s; RSS ${mb(before)} MB before, ${mb(peak)} MB peak`,
    };
  } finally {
    await database.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}
