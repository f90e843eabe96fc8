import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { API, NIL_UUID, REFRESH_COOKIE, type AuthResult } from '@parley/shared';
import type { AppDeps } from '../src/app-deps';
import type { Db } from '../src/db/database';
import { countTokens } from '../src/lib/tokens';
import { hashPassword } from '../src/features/auth/password';
import { upsertConversation } from '../src/features/conversations/conversations.repository';
import type { NewConversationRow } from '../src/features/conversations/conversations.table';
import { insertPendingFile, markFileReady } from '../src/features/files/files.repository';
import { storageKey, type FileStorage } from '../src/features/files/storage/file-storage';
import { saveUserKey } from '../src/features/keys/keys.service';
import { saveMessage } from '../src/features/messages/messages.repository';
import type { MessageRow, NewMessageRow } from '../src/features/messages/messages.table';
import { findPreset, insertPreset } from '../src/features/presets/presets.repository';
import type { NewPresetRow, PresetRow } from '../src/features/presets/presets.table';
import { insertUser } from '../src/features/users/users.repository';
import type { NewUserRow, UserRow } from '../src/features/users/users.table';

// The one place server tests make their data: users, conversations, messages, presets, files and keys, each
// through the app's own registration route, repositories or services, with defaults a test overrides as it needs.
// Everything here works on SQLite and PostgreSQL alike (the databases of dialects.test-helpers.ts).

/** The password of every user made here. */
export const PASSWORD = 'correct horse battery';

let tick = 0;
/** Distinct, increasing ISO timestamps (from 2024-01-01, a second apart), so orderings in tests are certain. */
export function nextIso(): string {
  tick += 1;
  return new Date(Date.UTC(2024, 0, 1) + tick * 1000).toISOString();
}

let counter = 0;
/** A valid registration payload with a unique e-mail; pass what a test changes. */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    name: 'Ada Lovelace',
    email: `ada${counter}-${Date.now()}@example.com`,
    password: PASSWORD,
    confirm_password: PASSWORD,
    ...overrides,
  };
}

export interface NewUser extends AuthResult {
  /** The refresh cookie's value. */
  cookie: string;
  /** The id of the session registration opened (the access token's `sid`). */
  sessionId: string;
}

/**
 * A user registered through the app's registration route, as a client would: answers its access token, its user
 * and its refresh cookie. Overrides change the registration payload (`email`, `name`, `password`, …).
 */
export async function newUser(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
): Promise<NewUser> {
  const res = await app.inject({ method: 'POST', url: API.register, payload: registration(overrides) });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json<AuthResult>();
  const cookie = res.cookies.find((c) => c.name === REFRESH_COOKIE)?.value ?? '';
  return { ...body, cookie, sessionId: cookie.split('.')[0] ?? '' };
}

/**
 * A user row written through the users repository, for tests without an app or with a user registration cannot
 * make (a phone number, a ban). `password` is hashed as registration does; without it the user has none.
 */
export async function newUserRow(
  db: Db,
  overrides: Partial<NewUserRow> & { password?: string } = {},
): Promise<UserRow> {
  const { password, ...row } = overrides;
  const id = row.id ?? randomUUID();
  const at = row.created_at ?? nextIso();
  return insertUser(db, {
    id,
    name: 'Ada Lovelace',
    invite_code: id.slice(0, 8),
    ...(password === undefined ? {} : { password_hash: await hashPassword(password) }),
    created_at: at,
    updated_at: at,
    ...row,
  });
}

export interface NewConversationOverrides extends Partial<Omit<NewConversationRow, 'user_id'>> {
  id?: string;
  /** Both timestamps (`created_at` and `updated_at` override each on its own). */
  updatedAt?: string;
}

/** A conversation written through the conversations repository; answers its id. */
export async function newConversation(
  db: Db,
  userId: string,
  overrides: NewConversationOverrides = {},
): Promise<string> {
  const { id, updatedAt, ...row } = overrides;
  const conversationId = id ?? row.conversation_id ?? randomUUID();
  const at = updatedAt ?? nextIso();
  await upsertConversation(db, {
    title: 'New Chat',
    endpoint: 'openAI',
    endpoint_type: null,
    model: 'gpt-4o',
    options: JSON.stringify({ temperature: 0.5 }),
    created_at: at,
    updated_at: at,
    ...row,
    conversation_id: conversationId,
    user_id: userId,
  });
  return conversationId;
}

export interface NewMessageOverrides extends Partial<
  Omit<NewMessageRow, 'user_id' | 'conversation_id' | 'message_id' | 'parent_message_id'>
> {
  id?: string;
  /** The parent message's id; a root message (NIL_UUID) by default. */
  parent?: string;
  /** A user's message by default; false makes it the model's reply (sender GPT-4). */
  byUser?: boolean;
  /** Both timestamps. */
  at?: string;
}

/** A message written through the messages repository (its token count as the app counts it); answers the row. */
export async function newMessage(
  db: Db,
  userId: string,
  conversationId: string,
  overrides: NewMessageOverrides = {},
): Promise<MessageRow> {
  const { id, parent, byUser, at: when, ...row } = overrides;
  const at = when ?? nextIso();
  const text = row.text ?? 'hello';
  const saved = await saveMessage(db, {
    sender: byUser === false ? 'GPT-4' : 'User',
    is_created_by_user: byUser === false ? 0 : 1,
    token_count: countTokens(text),
    created_at: at,
    updated_at: at,
    ...row,
    text,
    message_id: id ?? randomUUID(),
    conversation_id: conversationId,
    user_id: userId,
    parent_message_id: parent ?? NIL_UUID,
  });
  if (!saved) throw new Error('newMessage: not saved');
  return saved;
}

export interface NewPresetOverrides extends Partial<Omit<NewPresetRow, 'user_id' | 'options'>> {
  /** The other conversation options, stored as the preset's JSON (`{ temperature: 0.5 }` by default). */
  options?: Record<string, unknown>;
  /** Both timestamps. */
  at?: string;
}

/** A preset written through the presets repository; answers the row. */
export async function newPreset(
  db: Db,
  userId: string,
  overrides: NewPresetOverrides = {},
): Promise<PresetRow> {
  const { options, at: when, ...row } = overrides;
  const at = when ?? nextIso();
  const presetId = row.preset_id ?? randomUUID();
  await insertPreset(db, {
    title: 'Terse',
    endpoint: 'openAI',
    endpoint_type: null,
    model: 'gpt-4',
    default_preset: 0,
    order: null,
    created_at: at,
    updated_at: at,
    ...row,
    options: JSON.stringify(options ?? { temperature: 0.5 }),
    preset_id: presetId,
    user_id: userId,
  });
  return (await findPreset(db, presetId))!;
}

export interface NewFileInput {
  fileId?: string;
  /** The content; stored in `storage` when both are given. */
  bytes?: Buffer;
  /** Where the bytes go (the app's own: `createLocalStorage(dataDir)`, `fileStorageFor(deps)`). */
  storage?: FileStorage;
  /** MIME type; image/png by default. */
  type?: string;
  /** `${fileId}.png` by default. */
  filename?: string;
  /** Kept on a ready file; 4 x 3 by default (null for none). */
  width?: number | null;
  height?: number | null;
  /** 'ready' by default; 'pending' leaves the row as an upload interrupted before it was marked ready. */
  status?: 'pending' | 'ready';
  context?: string;
  /** 0/1; 1 (a message attachment) by default. */
  messageFile?: number;
  /** Both timestamps; now by default. */
  at?: string;
}

export interface NewFile {
  file_id: string;
  storage_key: string;
  bytes: Buffer;
  type: string;
  width: number | null;
  height: number | null;
}

/**
 * A file put in place the way the upload does it (pending row, bytes in storage, row marked ready), so tests run
 * without the upload route.
 */
export async function newFile(db: Db, userId: string, input: NewFileInput = {}): Promise<NewFile> {
  const fileId = input.fileId ?? randomUUID();
  const type = input.type ?? 'image/png';
  const at = input.at ?? new Date().toISOString();
  const key = storageKey(userId, fileId);
  const content = input.bytes ?? Buffer.alloc(0);
  await insertPendingFile(db, {
    file_id: fileId,
    user_id: userId,
    filename: input.filename ?? `${fileId}.png`,
    type,
    bytes: 0,
    width: null,
    height: null,
    source: 'local',
    context: input.context ?? 'message_attachment',
    storage_key: key,
    assistant_id: null,
    message_file: input.messageFile ?? 1,
    created_at: at,
    updated_at: at,
  });
  const stored = input.storage
    ? (await input.storage.put(key, Readable.from([content]), type)).bytes
    : content.length;
  if (input.status === 'pending') {
    return { file_id: fileId, storage_key: key, bytes: content, type, width: null, height: null };
  }
  const width = input.width === undefined ? 4 : input.width;
  const height = input.height === undefined ? 3 : input.height;
  await markFileReady(db, fileId, { bytes: stored, width, height, type, updatedAt: at });
  return { file_id: fileId, storage_key: key, bytes: content, type, width, height };
}

/** A provider key saved through the keys service (encrypted as the keys route saves it). */
export async function newKey(
  deps: AppDeps,
  userId: string,
  key: { name: string; value: string; expiresAt?: string | null },
): Promise<void> {
  await saveUserKey(deps, userId, { name: key.name, value: key.value, expiresAt: key.expiresAt ?? null });
}
