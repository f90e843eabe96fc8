import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ConversationPage, ImportJob, ImportStarted, Message } from '@parley/shared';
import type { DialectName } from '../../db/database';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { upload } from '../files/files.test-helpers';
import { call } from '../messages/messages.test-helpers';
import type { ImportJobOptions } from './import-job';

const FIXTURES = join(import.meta.dirname, '../../../test/fixtures/imports');

/** A fixture export's text (test/fixtures/imports). */
export const fixture = (name: string): string => readFileSync(join(FIXTURES, name), 'utf8');

/** An app whose file storage is a fresh folder, removed with the app. */
export async function importApp(
  dialect: DialectName,
  hooks?: Pick<ImportJobOptions, 'beforeWrite'>,
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-import-'));
  const t = await buildTestApp(dialect, { dataDir }, hooks ? { importHooks: hooks } : {});
  return {
    ...t,
    close: async () => {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Posts an export as the web does (multipart, field `file`). */
export const postImport = (t: TestApp, token: string, data: string | Buffer, name = 'conversations.json') =>
  upload(t.app, token, { url: '/api/convos/import', file: { name, data, type: 'application/json' } });

/** Runs queued imports to their end (no wall-clock wait: the runner is driven). */
export async function settle(t: TestApp): Promise<void> {
  const { runner } = t.app.services.imports;
  await runner.poll();
  await runner.idle();
}

/** Imports a file and answers the job as it ended. */
export async function importFile(t: TestApp, token: string, data: string | Buffer): Promise<ImportJob> {
  const res = await postImport(t, token, data);
  if (res.statusCode !== 202) throw new Error(`import refused: ${res.statusCode} ${res.body}`);
  await settle(t);
  return job(t, token, res.json<ImportStarted>().jobId);
}

export const job = async (t: TestApp, token: string, jobId: string): Promise<ImportJob> =>
  (await call(t.app, token, 'GET', `/api/convos/import/jobs/${jobId}`)).json<ImportJob>();

export const conversations = async (t: TestApp, token: string) =>
  (await call(t.app, token, 'GET', '/api/convos')).json<ConversationPage>().conversations;

export const messages = async (t: TestApp, token: string, conversationId: string) =>
  (await call(t.app, token, 'GET', `/api/messages/${conversationId}`)).json<Message[]>();

/** The message the web shows under each parent: the newest sibling (message-tree.ts), root to leaf. */
export function shownBranch(list: Message[]): string[] {
  const texts: string[] = [];
  let parent = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const children = list.filter((m) => m.parentMessageId === parent);
    if (children.length === 0) return texts;
    const newest = children.reduce((a, b) => (Date.parse(b.createdAt) > Date.parse(a.createdAt) ? b : a));
    texts.push(newest.text);
    parent = newest.messageId;
  }
}
