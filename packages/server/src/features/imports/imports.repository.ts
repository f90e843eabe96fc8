import type { Db } from '../../db/database';
import { withTransaction } from '../../db/dialect-helpers';
import { countTokens } from '../../lib/tokens';
import { indexDocument } from '../search/search-index.repository';
import type { ImportedConversation } from './imported-conversation';
import type { ConversationImportRow, ConversationImportsTable } from './imports.table';

// Every read names the user, except the runner's (it has only the job id). The search documents of an imported
// conversation are written in the same transaction as its rows, so it is searchable the moment it is there.

export function insertImport(db: Db, row: ConversationImportRow): Promise<unknown> {
  return db.insertInto('conversation_imports').values(row).execute();
}

export function getImport(
  db: Db,
  userId: string,
  importId: string,
): Promise<ConversationImportRow | undefined> {
  return db
    .selectFrom('conversation_imports')
    .selectAll()
    .where('user_id', '=', userId)
    .where('import_id', '=', importId)
    .executeTakeFirst();
}

export function getImportForRunner(db: Db, importId: string): Promise<ConversationImportRow | undefined> {
  return db
    .selectFrom('conversation_imports')
    .selectAll()
    .where('import_id', '=', importId)
    .executeTakeFirst();
}

export type ImportChanges = Partial<
  Pick<ConversationImportsTable, 'status' | 'bytes_read' | 'conversations' | 'error' | 'updated_at'>
>;

export function updateImport(db: Db, importId: string, changes: ImportChanges): Promise<unknown> {
  return db.updateTable('conversation_imports').set(changes).where('import_id', '=', importId).execute();
}

/** Rows per multi-row insert: 17 parameters each stays under SQLite's 32766 and PostgreSQL's 65535. */
const BATCH = 500;

/**
 * Writes one imported conversation of the job (its row, its messages, their search documents, and the item that
 * lets a failure remove it) in one transaction, and the job's progress with it.
 */
export function writeImportedConversation(
  db: Db,
  job: { importId: string; userId: string; conversationId: string; bytesRead: number; at: string },
  conv: ImportedConversation,
): Promise<void> {
  return withTransaction(db, async (trx) => {
    const { conversationId, userId } = job;
    await trx
      .insertInto('conversations')
      .values({
        conversation_id: conversationId,
        user_id: userId,
        title: conv.title,
        endpoint: conv.endpoint,
        endpoint_type: conv.endpointType,
        model: conv.model,
        options: JSON.stringify(conv.options),
        created_at: conv.createdAt,
        updated_at: conv.updatedAt,
      })
      .execute();
    await indexDocument(trx, {
      kind: 'conversation',
      id: conversationId,
      conversationId,
      userId,
      createdAt: conv.createdAt,
      text: conv.title,
    });
    const rows = conv.messages.map((m) => ({
      message_id: m.messageId,
      conversation_id: conversationId,
      user_id: userId,
      parent_message_id: m.parentMessageId,
      sender: m.sender,
      text: m.text,
      content: null,
      is_created_by_user: m.isCreatedByUser ? 1 : 0,
      model: m.model,
      endpoint: m.endpoint,
      error: m.error ? 1 : 0,
      finish_reason: null,
      token_count: countTokens(m.text),
      files: null,
      thread_id: null,
      created_at: m.createdAt,
      updated_at: m.createdAt,
    }));
    for (let i = 0; i < rows.length; i += BATCH) {
      await trx
        .insertInto('messages')
        .values(rows.slice(i, i + BATCH))
        .execute();
    }
    for (const m of conv.messages) {
      await indexDocument(trx, {
        kind: 'message',
        id: m.messageId,
        conversationId,
        userId,
        createdAt: m.createdAt,
        text: m.text,
      });
    }
    await trx
      .insertInto('conversation_import_items')
      .values({ import_id: job.importId, conversation_id: conversationId })
      .execute();
    await trx
      .updateTable('conversation_imports')
      .set((eb) => ({
        conversations: eb('conversations', '+', 1),
        bytes_read: job.bytesRead,
        updated_at: job.at,
      }))
      .where('import_id', '=', job.importId)
      .execute();
  });
}

/**
 * Removes what a job wrote (a failed job, or a run cut short that starts again): its conversations, with their
 * messages and search documents by cascade, and its items.
 */
export function undoImport(db: Db, importId: string, userId: string): Promise<void> {
  return withTransaction(db, async (trx) => {
    const written = trx
      .selectFrom('conversation_import_items')
      .select('conversation_id')
      .where('import_id', '=', importId);
    await trx
      .deleteFrom('conversations')
      .where('user_id', '=', userId)
      .where('conversation_id', 'in', written)
      .execute();
    await trx.deleteFrom('conversation_import_items').where('import_id', '=', importId).execute();
    await trx
      .updateTable('conversation_imports')
      .set({ conversations: 0 })
      .where('import_id', '=', importId)
      .execute();
  });
}

/** Forgets a finished job's list of conversations: they are the user's own now. */
export function forgetImportItems(db: Db, importId: string): Promise<unknown> {
  return db.deleteFrom('conversation_import_items').where('import_id', '=', importId).execute();
}
