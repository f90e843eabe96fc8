import SqliteDatabase from 'better-sqlite3';
import pg from 'pg';
import { NIL_UUID } from '@parley/shared';
import type { DialectName } from '../../packages/server/src/db/database';
import { countTokens } from '../../packages/server/src/lib/tokens';
import type { ConversationRow } from '../../packages/server/src/features/conversations/conversations.table';
import type { MessageRow } from '../../packages/server/src/features/messages/messages.table';
import {
  searchDocId,
  type SearchDoc,
} from '../../packages/server/src/features/search/search-index.repository';
import { documentTerms, ownerTerm } from '../../packages/server/src/features/search/search-tokens';
import { PG_URL } from './databases';
import type { Random } from './random';
import { messageText, titleText } from './text';

// Fast bulk seeding that writes exactly the rows the app writes: the same columns as upsertConversation and
// saveMessage, and search documents built with the app's own tokenizer (documentTerms, ownerTerm, searchDocId)
// the way search-index.repository.ts `indexDocument` stores them on each dialect. Only the transport differs:
// prepared statements in large transactions on SQLite, multi-row INSERT … SELECT FROM unnest(…) on PostgreSQL.

export interface Seeder {
  users(ids: string[]): Promise<void>;
  /** Conversations, each with its title document (upsertConversation indexes the title). */
  conversations(rows: ConversationRow[]): Promise<void>;
  /** Messages, each with its search document (saveMessage indexes the text). */
  messages(rows: MessageRow[]): Promise<void>;
  /** Ends the load: recreates what was dropped for it, and (PostgreSQL) VACUUM ANALYZE as autovacuum would. */
  finish(): Promise<void>;
}

/** The search document of a message or a title, as indexDocument derives it. */
interface IndexRow {
  docId: string;
  doc: SearchDoc;
  owner: string;
  terms: string[];
}

function indexRow(doc: SearchDoc): IndexRow {
  return {
    docId: searchDocId(doc.kind, doc.id),
    doc,
    owner: ownerTerm(doc.userId),
    terms: documentTerms(doc.text),
  };
}

const titleDoc = (r: ConversationRow): SearchDoc => ({
  kind: 'conversation',
  id: r.conversation_id,
  conversationId: r.conversation_id,
  userId: r.user_id,
  createdAt: r.created_at,
  text: r.title,
});

const messageDoc = (r: MessageRow): SearchDoc => ({
  kind: 'message',
  id: r.message_id,
  conversationId: r.conversation_id,
  userId: r.user_id,
  createdAt: r.created_at,
  text: r.text,
});

const MESSAGE_COLUMNS = [
  'message_id',
  'conversation_id',
  'user_id',
  'parent_message_id',
  'sender',
  'text',
  'content',
  'is_created_by_user',
  'model',
  'endpoint',
  'error',
  'unfinished',
  'is_edited',
  'finish_reason',
  'token_count',
  'files',
  'thread_id',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof MessageRow)[];

const INT_COLUMNS = new Set<string>([
  'is_created_by_user',
  'error',
  'unfinished',
  'is_edited',
  'token_count',
]);

const CONVERSATION_COLUMNS = [
  'conversation_id',
  'user_id',
  'title',
  'endpoint',
  'endpoint_type',
  'model',
  'options',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof ConversationRow)[];

const SEED_TIME = '2024-01-01T00:00:00.000Z';

export function sqliteSeeder(file: string): Seeder {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF'); // load speed only: the rows written are the same
  const insertUser = db.prepare(
    `INSERT INTO users (id, name, invite_code, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
  );
  const insertConversation = db.prepare(
    `INSERT INTO conversations (${CONVERSATION_COLUMNS.join(', ')})
     VALUES (${CONVERSATION_COLUMNS.map(() => '?').join(', ')})`,
  );
  const insertMessage = db.prepare(
    `INSERT INTO messages (${MESSAGE_COLUMNS.join(', ')}) VALUES (${MESSAGE_COLUMNS.map(() => '?').join(', ')})`,
  );
  const insertDoc = db.prepare(
    `INSERT INTO search_docs (doc_id, kind, conversation_id, user_id, created_at) VALUES (?, ?, ?, ?, ?)`,
  );
  const insertFts = db.prepare(`INSERT INTO search_fts (rowid, owner, body) VALUES (?, ?, ?)`);
  const index = (r: IndexRow) => {
    const { lastInsertRowid } = insertDoc.run(
      r.docId,
      r.doc.kind,
      r.doc.conversationId,
      r.doc.userId,
      r.doc.createdAt,
    );
    insertFts.run(lastInsertRowid, r.owner, r.terms.join(' '));
  };
  const users = db.transaction((ids: string[]) => {
    for (const id of ids) insertUser.run(id, id, id, SEED_TIME, SEED_TIME);
  });
  const conversations = db.transaction((rows: ConversationRow[]) => {
    for (const r of rows) {
      insertConversation.run(CONVERSATION_COLUMNS.map((c) => r[c]));
      index(indexRow(titleDoc(r)));
    }
  });
  const messages = db.transaction((rows: MessageRow[]) => {
    for (const r of rows) {
      insertMessage.run(MESSAGE_COLUMNS.map((c) => r[c]));
      index(indexRow(messageDoc(r)));
    }
  });
  return {
    users: async (ids) => users(ids),
    conversations: async (rows) => conversations(rows),
    messages: async (rows) => messages(rows),
    finish: async () => {
      db.pragma('wal_checkpoint(TRUNCATE)');
      db.close();
    },
  };
}

const pgType = (column: string) => (INT_COLUMNS.has(column) ? 'int[]' : 'text[]');

/** `INSERT INTO t (cols) SELECT * FROM unnest($1::text[], …)`: one statement per batch, one array per column. */
function unnestInsert(table: string, columns: readonly string[]): string {
  return `INSERT INTO ${table} (${columns.join(', ')})
    SELECT * FROM unnest(${columns.map((c, i) => `$${i + 1}::${pgType(c)}`).join(', ')})`;
}

function byColumn<R>(rows: R[], columns: readonly (keyof R & string)[]): unknown[][] {
  return columns.map((c) => rows.map((r) => r[c]));
}

/**
 * `bulk` drops the GIN index of search_docs for the load and recreates it, with the migration's definition, in
 * finish(): building it once is several times faster than a million incremental GIN inserts.
 */
export async function postgresSeeder(schema: string, options: { bulk: boolean }): Promise<Seeder> {
  const client = new pg.Client({ connectionString: PG_URL, options: `-c search_path=${schema}` });
  await client.connect();
  await client.query('SET synchronous_commit = off');
  if (options.bulk) await client.query('DROP INDEX search_docs_vector_idx');
  const messageSql = unnestInsert('messages', MESSAGE_COLUMNS);
  const conversationSql = unnestInsert('conversations', CONVERSATION_COLUMNS);
  // indexDocument stores array_to_tsvector([owner, ...terms]); terms never contain a space (they are runs of
  // letters, digits and marks), so the array travels as one space-joined string per document.
  const docSql = `INSERT INTO search_docs (doc_id, kind, conversation_id, user_id, created_at, vector)
    SELECT d, k, c, u, t, array_to_tsvector(string_to_array(v, ' '))
    FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[]) AS x(d, k, c, u, t, v)`;
  const index = async (docs: IndexRow[]) => {
    await client.query(docSql, [
      docs.map((r) => r.docId),
      docs.map((r) => r.doc.kind),
      docs.map((r) => r.doc.conversationId),
      docs.map((r) => r.doc.userId),
      docs.map((r) => r.doc.createdAt),
      docs.map((r) => [r.owner, ...r.terms].join(' ')),
    ]);
  };
  const inTransaction = async (fn: () => Promise<void>) => {
    await client.query('BEGIN');
    try {
      await fn();
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  };
  return {
    users: (ids) =>
      inTransaction(async () => {
        await client.query(
          `INSERT INTO users (id, name, invite_code, created_at, updated_at)
           SELECT id, id, id, $2, $2 FROM unnest($1::text[]) AS x(id)`,
          [ids, SEED_TIME],
        );
      }),
    conversations: (rows) =>
      inTransaction(async () => {
        await client.query(conversationSql, byColumn(rows, CONVERSATION_COLUMNS));
        await index(rows.map((r) => indexRow(titleDoc(r))));
      }),
    messages: (rows) =>
      inTransaction(async () => {
        await client.query(messageSql, byColumn(rows, MESSAGE_COLUMNS));
        await index(rows.map((r) => indexRow(messageDoc(r))));
      }),
    finish: async () => {
      if (options.bulk) {
        await client.query(`SET maintenance_work_mem = '2GB'`);
        await client.query('CREATE INDEX search_docs_vector_idx ON search_docs USING gin (vector)');
      }
      for (const table of ['users', 'conversations', 'messages', 'search_docs'])
        await client.query(`VACUUM ANALYZE ${table}`);
      await client.end();
    },
  };
}

export function openSeeder(dialect: DialectName, where: string, options: { bulk: boolean }): Promise<Seeder> {
  return dialect === 'sqlite' ? Promise.resolve(sqliteSeeder(where)) : postgresSeeder(where, options);
}

/** A conversation row as upsertConversation writes it, with a generated title. */
export function conversationRow(
  rnd: Random,
  userId: string,
  createdAt: string,
  updatedAt: string,
  id = rnd.uuid(),
): ConversationRow {
  return {
    conversation_id: id,
    user_id: userId,
    title: titleText(rnd),
    endpoint: 'openAI',
    endpoint_type: null,
    model: 'gpt-4o',
    options: JSON.stringify({ temperature: 0.7, maxContextTokens: 4000 }),
    is_archived: 0,
    expired_at: null,
    created_at: createdAt,
    updated_at: updatedAt,
  };
}

/**
 * A linear chain of `count` messages (user and assistant turns alternating) as saveMessage writes them, with
 * generated text, token_count from the app's countTokens, and timestamps `stepMs` apart from `startMs`.
 */
export function messageChain(
  rnd: Random,
  userId: string,
  conversationId: string,
  count: number,
  startMs: number,
  stepMs: number,
): MessageRow[] {
  const rows: MessageRow[] = [];
  let parent = NIL_UUID;
  for (let i = 0; i < count; i += 1) {
    const byUser = i % 2 === 0;
    const text = messageText(rnd, byUser);
    const at = new Date(startMs + i * stepMs).toISOString();
    const id = rnd.uuid();
    rows.push({
      message_id: id,
      conversation_id: conversationId,
      user_id: userId,
      parent_message_id: parent,
      sender: byUser ? 'User' : 'GPT-4o',
      text,
      content: null,
      is_created_by_user: byUser ? 1 : 0,
      model: 'gpt-4o',
      endpoint: 'openAI',
      error: 0,
      unfinished: 0,
      is_edited: 0,
      finish_reason: byUser ? null : 'stop',
      token_count: countTokens(text),
      files: null,
      thread_id: null,
      service_state: null,
      created_at: at,
      updated_at: at,
    });
    parent = id;
  }
  return rows;
}
