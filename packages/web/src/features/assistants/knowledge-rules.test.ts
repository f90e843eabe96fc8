import { describe, expect, it } from 'vitest';
import type { Assistant, FileRecord } from '@parley/shared';
import { anyIndexing, avatarAcceptable, knowledgeFiles, knowledgeUpload } from './knowledge-rules';

const assistant = (tools: Assistant['tools'], file_ids: string[] = []): Assistant => ({
  id: 'asst_1',
  object: 'assistant',
  created_at: 1,
  name: 'A',
  description: null,
  instructions: null,
  model: 'gpt-4',
  tools,
  file_ids,
  metadata: {},
});

const file = (file_id: string, extra: Partial<FileRecord> = {}): FileRecord => ({
  file_id,
  filename: `${file_id}.txt`,
  filepath: `/api/files/download/${file_id}`,
  type: 'text/plain',
  bytes: 10,
  source: 'local',
  context: 'message_attachment',
  createdAt: '2026-05-01T10:00:00.000Z',
  updatedAt: '2026-05-01T10:00:00.000Z',
  ...extra,
});

describe('knowledgeUpload', () => {
  it('needs a saved assistant with Code Interpreter or Retrieval saved on', () => {
    expect(knowledgeUpload(null)).toBe('unsaved');
    expect(knowledgeUpload(assistant([]))).toBe('capability');
    expect(knowledgeUpload(assistant([{ type: 'function', function: { name: 'google' } }]))).toBe(
      'capability',
    );
    expect(knowledgeUpload(assistant([{ type: 'retrieval' }]))).toBe('ready');
    expect(knowledgeUpload(assistant([{ type: 'code_interpreter' }]))).toBe('ready');
  });
});

describe('knowledgeFiles', () => {
  it("lists the assistant's files and its uploads not yet listed, newest first, without its avatar", () => {
    const files = [
      file('listed', { createdAt: '2026-05-01T09:00:00.000Z' }),
      file('pending', {
        assistant_id: 'asst_1',
        context: 'assistants',
        createdAt: '2026-05-01T11:00:00.000Z',
      }),
      file('avatar', { assistant_id: 'asst_1', context: 'avatar' }),
      file('other', { assistant_id: 'asst_2', context: 'assistants' }),
      file('attachment', { assistant_id: 'asst_1', context: 'assistants', message_file: true }),
      file('unrelated'),
    ];
    expect(knowledgeFiles(assistant([], ['listed']), files).map((f) => f.file_id)).toEqual([
      'pending',
      'listed',
    ]);
  });

  it('knows when one is still indexing', () => {
    expect(anyIndexing([file('a', { knowledge: { status: 'ready' } }), file('b')])).toBe(false);
    expect(anyIndexing([file('a', { knowledge: { status: 'error', error: 'Encrypted PDF' } })])).toBe(false);
    expect(anyIndexing([file('a'), file('b', { knowledge: { status: 'indexing' } })])).toBe(true);
  });
});

describe('avatarAcceptable', () => {
  const MB = 1024 * 1024;
  it('takes PNG, JPEG, GIF and WebP within the limit', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp'])
      expect(avatarAcceptable({ type, size: 2 * MB }, 2 * MB)).toBe(true);
  });

  it('refuses other types, an empty file and one over the limit', () => {
    expect(avatarAcceptable({ type: 'image/svg+xml', size: 100 }, 2 * MB)).toBe(false);
    expect(avatarAcceptable({ type: 'application/pdf', size: 100 }, 2 * MB)).toBe(false);
    expect(avatarAcceptable({ type: 'image/png', size: 0 }, 2 * MB)).toBe(false);
    expect(avatarAcceptable({ type: 'image/png', size: 2 * MB + 1 }, 2 * MB)).toBe(false);
  });
});
