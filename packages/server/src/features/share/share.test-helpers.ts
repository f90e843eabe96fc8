import type { FastifyInstance } from 'fastify';
import type { SharedConversation } from '@parley/shared';
import type { Db } from '../../db/database';
import { newConversation, newMessage } from '../../../test/factories.test-helpers';

// Shared by the share API tests; not part of the app.

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** An inject as the owner (with a token) or as anyone (token null). */
export function shareCall(
  app: FastifyInstance,
  token: string | null,
  method: Method,
  url: string,
  payload?: object,
) {
  return app.inject({
    method,
    url,
    ...(token === null ? {} : { headers: { authorization: `Bearer ${token}` } }),
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Creates a link as the owner and answers its id (the test fails on anything but 200). */
export async function createLink(
  app: FastifyInstance,
  token: string,
  conversationId: string,
  body: object = {},
): Promise<string> {
  const res = await shareCall(app, token, 'POST', `/api/share/${conversationId}`, body);
  if (res.statusCode !== 200) throw new Error(`share failed: ${res.statusCode} ${res.body}`);
  return res.json<{ shareId: string }>().shareId;
}

/** Reads a link signed out. */
export const readLink = (app: FastifyInstance, shareId: string) =>
  shareCall(app, null, 'GET', `/api/share/${shareId}`);

export const textsOf = (shared: SharedConversation) => shared.messages.map((m) => m.text);

/**
 * A conversation with two branches, as an edit of the first question makes them: `Q1 → A1` (older), then
 * `Q1b → A1b → Q2 → A2`, which the web shows when the conversation opens.
 */
export async function branchedConversation(db: Db, userId: string, title = 'Trip plans') {
  const conversationId = await newConversation(db, userId, { title });
  const q1 = await newMessage(db, userId, conversationId, { text: 'Q1', sender: 'Ada Lovelace' });
  const a1 = await newMessage(db, userId, conversationId, {
    text: 'A1',
    parent: q1.message_id,
    byUser: false,
  });
  const q1b = await newMessage(db, userId, conversationId, { text: 'Q1b', sender: 'Ada Lovelace' });
  const a1b = await newMessage(db, userId, conversationId, {
    text: 'A1b',
    parent: q1b.message_id,
    byUser: false,
  });
  const q2 = await newMessage(db, userId, conversationId, { text: 'Q2', parent: a1b.message_id });
  const a2 = await newMessage(db, userId, conversationId, {
    text: 'A2',
    parent: q2.message_id,
    byUser: false,
  });
  return { conversationId, q1, a1, q1b, a1b, q2, a2 };
}
