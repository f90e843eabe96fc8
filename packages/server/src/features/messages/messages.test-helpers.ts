import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { NIL_UUID } from '@parley/shared';
import type { Db } from '../../db/database';
import { countTokens } from '../../lib/tokens';
import { upsertConversation } from '../conversations/conversations.repository';
import { saveMessage } from './messages.repository';
import type { MessageRow } from './messages.table';

// Shared by the conversations, messages and search tests; not part of the app.

let tick = 0;
/** Distinct, increasing ISO timestamps, so orderings in tests are certain. */
export function nextIso(): string {
  tick += 1;
  return new Date(Date.UTC(2024, 0, 1) + tick * 1000).toISOString();
}

export async function seedConversation(
  db: Db,
  userId: string,
  over: { id?: string; title?: string; updatedAt?: string } = {},
): Promise<string> {
  const id = over.id ?? randomUUID();
  const at = over.updatedAt ?? nextIso();
  await upsertConversation(db, {
    conversation_id: id,
    user_id: userId,
    title: over.title ?? 'New Chat',
    endpoint: 'openAI',
    endpoint_type: null,
    model: 'gpt-4o',
    options: JSON.stringify({ temperature: 0.5 }),
    created_at: at,
    updated_at: at,
  });
  return id;
}

export async function seedMessage(
  db: Db,
  userId: string,
  conversationId: string,
  over: { id?: string; text?: string; parent?: string; byUser?: boolean } = {},
): Promise<MessageRow> {
  const at = nextIso();
  const text = over.text ?? 'hello';
  const row = await saveMessage(db, {
    message_id: over.id ?? randomUUID(),
    conversation_id: conversationId,
    user_id: userId,
    parent_message_id: over.parent ?? NIL_UUID,
    sender: over.byUser === false ? 'GPT-4' : 'User',
    text,
    is_created_by_user: over.byUser === false ? 0 : 1,
    token_count: countTokens(text),
    created_at: at,
    updated_at: at,
  });
  if (!row) throw new Error('seedMessage: not saved');
  return row;
}

/** An authenticated inject. */
export function call(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
