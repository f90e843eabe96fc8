import { expect } from 'vitest';
import { API, NIL_UUID, type Message } from '@parley/shared';
import type { Db } from '../../db/database';
import { sseReader } from '../../lib/sse.test-helpers';
import { ledgerSums, readBalance } from '../ledger/ledger.repository';
import { ask, post, sim, type ChatApp } from '../chat/chat.test-helpers';

// Shared by the balance tests; not part of the app.

export const fresh = { parentMessageId: NIL_UUID, conversationId: null };

/** The cached balance equals the ledger's sums: checked after every path of the balance tests. */
export async function expectLedgerMatches(db: Db, userId: string): Promise<void> {
  expect(await readBalance(db, userId)).toEqual(await ledgerSums(db, userId));
}

export async function balanceOf(app: ChatApp, token: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${app.base}${API.balance}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: await res.json() };
}

/** One ask of `model` on the openAI endpoint, with a simulator script. */
export const askModel = (app: ChatApp, token: string, model: string, script: Record<string, unknown> = {}) =>
  ask(app, 'openAI', { ...fresh, model, text: `Hi ${sim(script)}` }, token);

/** Entries of one kind for a user. */
export async function entries(db: Db, userId: string, kind: string) {
  return db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .execute();
}

/** Starts a slow ask and reads up to its first delta; answers the reader and the conversation id. */
export async function startSlowAsk(
  app: ChatApp,
  token: string,
  model: string,
  script: Record<string, unknown>,
  signal?: AbortSignal,
) {
  const res = await post(
    app,
    token,
    `${API.ask}/openAI`,
    { ...fresh, model, text: `Go ${sim(script)}` },
    signal,
  );
  if (res.status !== 200) throw new Error(`ask failed: ${res.status} ${await res.text()}`);
  const reader = sseReader(res.body!);
  const created = (await reader.next())!;
  const conversationId = (JSON.parse(created.data!) as { message: Message }).message.conversationId;
  await reader.next();
  return { reader, conversationId };
}
