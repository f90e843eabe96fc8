import {
  CONVERSATION_PAGE_SIZE,
  conversationOptionsSchema,
  MESSAGE_ERRORS,
  validateEndpointOptions,
  type ArchiveConversation,
  type ClearConversationsResult,
  type Conversation,
  type ConversationOptions,
  type ConversationPage,
  type ConversationUpdate,
  type EndpointKind,
} from '@parley/shared';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { dropNulls } from '../../lib/drop-nulls';
import * as repo from './conversations.repository';
import type { ConversationRow } from './conversations.table';

/**
 * The API shape: the columns plus the options, flattened (shared `conversationSchema`). A field that is not set
 * (a null column, a null stored option) is left out.
 */
export function toConversation(row: ConversationRow): Conversation {
  const options = JSON.parse(row.options) as ConversationOptions;
  return dropNulls({
    ...options,
    conversationId: row.conversation_id,
    title: row.title,
    user: row.user_id,
    endpoint: row.endpoint,
    endpointType: row.endpoint_type,
    model: row.model,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    // LibreChat's fields, shown only when set: an absent isArchived reads as false.
    isArchived: row.is_archived ? true : null,
    expiredAt: row.expired_at,
  }) as Conversation;
}

/** The user's conversation, or 404 (another user's id answers the same as a missing one). */
export async function getUserConversation(
  db: Db,
  userId: string,
  conversationId: string,
): Promise<ConversationRow> {
  const row = await repo.getConversation(db, userId, conversationId);
  if (!row) throw new AppError('NOT_FOUND', MESSAGE_ERRORS.conversationNotFound);
  return row;
}

/** What the generation pipeline saves for a turn: the id, an optional title, and the endpoint options. */
export interface SaveConversationInput extends ConversationOptions {
  conversationId: string;
  endpoint: string;
  title?: string;
  /**
   * A temporary chat's deletion time (docs/reference/conversations.md (Temporary chats)). Written only when the
   * conversation is created: a later send neither makes a kept chat temporary nor keeps a temporary one.
   */
  expiredAt?: string;
}

// Built once, on first save: `.omit()` makes a new schema, and a new schema's first parse costs ~50x a later one
// (it was ~0.2–0.7 ms of every turn).
let storedOptionsSchema: ReturnType<typeof buildStoredOptionsSchema> | undefined;
const buildStoredOptionsSchema = () =>
  conversationOptionsSchema.omit({ endpoint: true, endpointType: true, model: true });

/**
 * Creates or updates a conversation of the user and moves it to the top of the list. Options are validated with
 * the shared schema (unknown keys dropped). 404 when the id already belongs to another user.
 */
export async function saveConversation(
  db: Db,
  userId: string,
  input: SaveConversationInput,
): Promise<Conversation> {
  const { conversationId, title, endpoint, endpointType, model, expiredAt, ...rest } = input;
  const options = (storedOptionsSchema ??= buildStoredOptionsSchema()).parse(rest);
  const now = nowIso();
  const row = await repo.upsertConversation(db, {
    conversation_id: conversationId,
    user_id: userId,
    ...(title === undefined ? {} : { title }),
    endpoint,
    endpoint_type: endpointType ?? null,
    model: model ?? null,
    options: JSON.stringify(options),
    ...(expiredAt === undefined ? {} : { expired_at: expiredAt }),
    created_at: now,
    updated_at: now,
  });
  if (!row) throw new AppError('NOT_FOUND', MESSAGE_ERRORS.conversationNotFound);
  return toConversation(row);
}

/**
 * Adds fields the server writes to a conversation's options (a service's thread ids, shown as LibreChat showed
 * them); the other options stay. 404 when the conversation is not the user's.
 */
export async function mergeConversationOptions(
  db: Db,
  userId: string,
  conversationId: string,
  fields: object,
): Promise<void> {
  const row = await getUserConversation(db, userId, conversationId);
  const options = { ...(JSON.parse(row.options) as ConversationOptions), ...fields };
  await repo.updateConversation(db, userId, conversationId, { options: JSON.stringify(options) }, nowIso());
}

/**
 * `POST /api/convos/update` (docs/reference/conversations.md (Renaming)): the title when one is given,
 * and the settings given (the model and the options, each replacing the stored one; the others stay). Settings are
 * checked against the ranges of the conversation's endpoint when it is configured (`kindOf`), as a send would check
 * them; the endpoint itself and the server's fields are not changed here. 404 when the conversation is not the user's.
 */
export async function updateUserConversation(
  db: Db,
  userId: string,
  update: ConversationUpdate,
  kindOf: (endpoint: string) => EndpointKind | undefined,
): Promise<Conversation> {
  const { conversationId, title, model, ...given } = update;
  const settingsGiven = model !== undefined || Object.keys(given).length > 0;
  let changes: repo.ConversationChanges = title ? { title } : {};
  if (settingsGiven) {
    const row = await getUserConversation(db, userId, conversationId);
    const options = { ...(JSON.parse(row.options) as ConversationOptions), ...given };
    const nextModel = model === undefined ? row.model : model;
    const kind = kindOf(row.endpoint);
    if (kind) {
      const checked = validateEndpointOptions(kind, { ...options, model: nextModel });
      if (!checked.ok) {
        const [issue] = checked.issues;
        throw new AppError('VALIDATION', issue?.message ?? 'Invalid options', { field: issue?.field });
      }
    }
    changes = { ...changes, model: nextModel, options: JSON.stringify(options) };
  }
  // Nothing to change (an id alone): the conversation as it is, not moved up the list.
  if (Object.keys(changes).length === 0)
    return toConversation(await getUserConversation(db, userId, conversationId));
  const row = await repo.updateConversation(db, userId, conversationId, changes, nowIso());
  if (!row) throw new AppError('NOT_FOUND', MESSAGE_ERRORS.conversationNotFound);
  return toConversation(row);
}

/**
 * `POST /api/convos/archive` (docs/reference/conversations.md (Archive)): archives or restores the conversation and
 * answers it; 404 when it is not the user's.
 */
export async function archiveUserConversation(
  db: Db,
  userId: string,
  arg: ArchiveConversation,
): Promise<Conversation> {
  const row = await repo.setArchived(db, userId, arg.conversationId, arg.isArchived);
  if (!row) throw new AppError('NOT_FOUND', MESSAGE_ERRORS.conversationNotFound);
  return toConversation(row);
}

/** One conversation (404 when not the user's), or all of the user's when no id is given. */
export async function clearUserConversations(
  db: Db,
  userId: string,
  conversationId?: string | null,
): Promise<ClearConversationsResult> {
  const deletedCount = await repo.deleteConversations(db, userId, conversationId ?? undefined);
  if (conversationId && deletedCount === 0)
    throw new AppError('NOT_FOUND', MESSAGE_ERRORS.conversationNotFound);
  return { acknowledged: true, deletedCount };
}

const encodeCursor = (row: ConversationRow) =>
  Buffer.from(JSON.stringify([row.updated_at, row.conversation_id])).toString('base64url');

function decodeCursor(cursor: string): repo.ListPosition {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && value.every((v) => typeof v === 'string')) {
      return { updatedAt: value[0] as string, conversationId: value[1] as string };
    }
  } catch {
    // fall through to the 400 below
  }
  throw new AppError('VALIDATION', 'cursor: Invalid cursor', { field: 'cursor' });
}

/** Past this many conversations the numbered form stops counting exactly (see listUserConversations). */
export const CONVERSATION_COUNT_CAP = 1_000;

/**
 * A page of the list, newest first. The numbered form counts the user's conversations up to a cap: exact below
 * it, and beyond it `pages` is at least one more than the current page while there is a next one. The cursor
 * form does not count at all: its `pages` is pageNumber + 1 while there is a next page. A client that loads
 * "until the page number reaches the total" works with either.
 */
export async function listUserConversations(
  db: Db,
  userId: string,
  query: { pageNumber: number; cursor?: string | undefined; isArchived?: boolean | undefined },
  countCap = CONVERSATION_COUNT_CAP,
): Promise<ConversationPage> {
  const size = CONVERSATION_PAGE_SIZE;
  const { pageNumber, cursor } = query;
  const archived = query.isArchived === true;
  // The page and the capped count are independent: on PostgreSQL they run at once on two pooled connections,
  // so the numbered form costs the slower of the two round trips, not their sum.
  const [rows, count] = await Promise.all([
    repo.listConversations(db, userId, {
      limit: size + 1,
      archived,
      ...(cursor ? { after: decodeCursor(cursor) } : { offset: (pageNumber - 1) * size }),
    }),
    cursor ? null : repo.countConversations(db, userId, countCap, archived),
  ]);
  const more = rows.length > size;
  const pageRows = rows.slice(0, size);
  const last = pageRows.at(-1);
  const nextCursor = more && last ? encodeCursor(last) : null;
  const pages =
    count === null ? pageNumber + (more ? 1 : 0) : numberedPages(count, pageNumber, more, countCap);
  return { conversations: pageRows.map(toConversation), pageNumber, pages, nextCursor };
}

function numberedPages(count: number, pageNumber: number, more: boolean, cap: number): number {
  const counted = Math.max(1, Math.ceil(count / CONVERSATION_PAGE_SIZE));
  if (count < cap) return counted;
  return Math.max(counted, pageNumber + (more ? 1 : 0));
}
