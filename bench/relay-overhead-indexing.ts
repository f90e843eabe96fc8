import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '@parley/server/testing';
import { API } from '@parley/shared';
import type { DialectName } from '../packages/server/src/db/database';
import { registerOverHttp } from '../packages/server/test/http-user.test-helpers';
import { PG_URL, dropSchema, pgAdmin } from './lib/databases';
import {
  reportPages,
  writePdf,
} from '../packages/server/src/features/knowledge/extract/fixtures/pdf-writer.test-helpers';
import type { ChatBenchApp } from './lib/chat-app';
import { ms, percentile, progress, type BenchResult } from './lib/stats';
import { startUpstream } from './lib/upstream';
import { relayTurns, type FirstWrite } from './relay-overhead';

const PAGES = 100;
const FILES = 6;
const WARMUP = 10;
const BASELINE_RUNS = 120;
/** Turns between two looks at the files' indexing state. */
const LOOK_EVERY = 5;

/**
 * Relay overhead while knowledge files are indexed (docs/reference/assistants.md (Knowledge files)): the same turns as
 * relay-overhead (upstream first-token write → client first text event), first with nothing else going on, then while
 * FILES 100-page PDFs uploaded as an assistant's knowledge are extracted, cut and written by the server's own task
 * runner. The server is the compiled one (`npm start`'s) in a child process: from source, its extraction worker would
 * compile pdf.js through tsx and take several times longer than in production. Budget: the p50 while indexing stays
 * within relay-overhead's 5 ms. The context gives the baseline beside it, and how long each file took from its upload
 * to `ready` (one extraction worker: a file waits for the one before; the indexing budget is < 10 s a file).
 */
export async function relayOverheadIndexing(dialect: DialectName): Promise<BenchResult> {
  const written: FirstWrite = { first: Number.NaN };
  const upstream = await startUpstream({
    tokens: 3,
    intervalMs: 10,
    firstTokenDelayMs: 40,
    onTokenWrite: (i, at) => {
      if (i === 0) written.first = at;
    },
  });
  const configDir = mkdtempSync(join(tmpdir(), 'parley-bench-indexing-'));
  const configPath = join(configDir, 'parley.yaml');
  writeFileSync(
    configPath,
    'version: 1.0.3\nendpoints:\n  assistants:\n    models:\n      default: [gpt-4o]\n    capabilities: [retrieval]\n',
  );
  const schema = `bench_indexing_${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = {
    CONFIG_PATH: configPath,
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_REVERSE_PROXY: `${upstream.url}/v1`,
    OPENAI_MODELS: 'gpt-4o',
    LIMIT_CONCURRENT_MESSAGES: 'false',
    LIMIT_MESSAGE_IP: 'false',
    LIMIT_MESSAGE_USER: 'false',
    JWT_SECRET: randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
    CREDS_KEY: randomBytes(32).toString('hex'),
    CREDS_IV: randomBytes(16).toString('hex'),
  };
  if (dialect === 'postgres') {
    await pgAdmin((c) => c.query(`CREATE SCHEMA ${schema}`));
    env.DATABASE_URL = `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  }
  const server = await startServer(env, { compiled: true });
  const token = await registerOverHttp(server.baseUrl, 'bench');
  const app: ChatBenchApp = { base: server.baseUrl, token, close: () => server.stop() };
  const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
  try {
    progress(`${dialect}: baseline, ${WARMUP} + ${BASELINE_RUNS} sequential turns`);
    const baseline = await relayTurns(app, agent, written, WARMUP, BASELINE_RUNS);
    const assistantId = await createAssistant(app);
    const pdfs = Array.from({ length: FILES }, (_, i) =>
      writePdf(
        reportPages(PAGES).map((page) => [`File ${i}`, ...page]),
        { compress: true },
      ),
    );
    progress(`${dialect}: uploading ${FILES} ${PAGES}-page PDFs, then turns until they are indexed`);
    const uploadedAt = new Map<string, number>();
    for (const [i, pdf] of pdfs.entries()) {
      const fileId = await uploadKnowledge(app, assistantId, `report-${i}.pdf`, pdf);
      uploadedAt.set(fileId, performance.now());
    }
    const readyAfter = new Map<string, number>();
    const during: number[] = [];
    while (readyAfter.size < FILES) {
      const { overheads } = await relayTurns(app, agent, written, 0, LOOK_EVERY);
      // Only turns that ran while a file was still indexing count.
      during.push(...overheads);
      for (const [fileId, status] of await knowledgeStates(app)) {
        if (status === 'error') throw new Error(`indexing ${fileId} failed`);
        if (status === 'ready' && !readyAfter.has(fileId))
          readyAfter.set(fileId, performance.now() - uploadedAt.get(fileId)!);
      }
    }
    const p50 = percentile(during, 50);
    const indexed = [...readyAfter.values()];
    return {
      name: `relay-overhead-indexing/${dialect}`,
      figure: p50,
      unit: 'ms',
      budget: 5,
      context:
        `while indexing ${FILES} ${PAGES}-page PDFs (${during.length} turns): p50 ${ms(p50)}, ` +
        `p90 ${ms(percentile(during, 90))}, max ${ms(percentile(during, 100))} ms; ` +
        `baseline p50 ${ms(percentile(baseline.overheads, 50))}, p90 ${ms(percentile(baseline.overheads, 90))} ms; ` +
        `upload → ready per file: ${indexed.map((t) => (t / 1000).toFixed(1)).join(', ')} s ` +
        `(one extraction worker: each after the one before); compiled server in a child process, ` +
        `bench upstream and client in this one, loopback, 2 cores`,
    };
  } finally {
    agent.destroy();
    await app.close();
    await upstream.close();
    if (dialect === 'postgres') await dropSchema(schema);
    rmSync(configDir, { recursive: true, force: true });
  }
}

const auth = (app: ChatBenchApp) => ({ authorization: `Bearer ${app.token}` });

async function createAssistant(app: ChatBenchApp): Promise<string> {
  const res = await fetch(`${app.base}/api/assistants`, {
    method: 'POST',
    headers: { ...auth(app), 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o', name: 'Bench', tools: [{ type: 'retrieval' }] }),
  });
  if (!res.ok) throw new Error(`creating the assistant: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { id: string }).id;
}

async function uploadKnowledge(
  app: ChatBenchApp,
  assistantId: string,
  name: string,
  pdf: Buffer,
): Promise<string> {
  const form = new FormData();
  form.append('file_id', randomUUID());
  form.append('endpoint', 'assistants');
  form.append('assistant_id', assistantId);
  form.append('message_file', 'false');
  form.append('file', new Blob([pdf], { type: 'application/pdf' }), name);
  const res = await fetch(`${app.base}${API.files}`, { method: 'POST', headers: auth(app), body: form });
  if (res.status !== 201) throw new Error(`uploading ${name}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { file_id: string }).file_id;
}

/** Each knowledge file's state, as the builder reads it from the file list. */
async function knowledgeStates(app: ChatBenchApp): Promise<Array<[string, string]>> {
  const res = await fetch(`${app.base}${API.files}`, { headers: auth(app) });
  const files = (await res.json()) as Array<{ file_id: string; knowledge?: { status: string } }>;
  return files.flatMap((f) => (f.knowledge ? [[f.file_id, f.knowledge.status] as [string, string]] : []));
}
