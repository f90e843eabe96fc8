import type { Assistant, FileRecord } from '@parley/shared';

/**
 * Whether knowledge files can be added (docs/reference/assistants.md (Tools)): only to a saved assistant, and only
 * once Code Interpreter or Retrieval is on in what was saved (the form's unsaved switches do not count).
 */
export function knowledgeUpload(assistant: Assistant | null): 'unsaved' | 'capability' | 'ready' {
  if (!assistant) return 'unsaved';
  const on = assistant.tools.some((tool) => tool.type === 'code_interpreter' || tool.type === 'retrieval');
  return on ? 'ready' : 'capability';
}

/**
 * The assistant's knowledge files, newest first: those it lists, and those uploaded for it that it does not list yet
 * (an upload the server is still attaching). Its avatar is not one.
 */
export function knowledgeFiles(assistant: Assistant, files: readonly FileRecord[]): FileRecord[] {
  const listed = new Set(assistant.file_ids);
  return files
    .filter(
      (file) =>
        listed.has(file.file_id) ||
        (file.assistant_id === assistant.id && file.context === 'assistants' && file.message_file !== true),
    )
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
}

/** Whether any of the files is still being indexed: the list is asked again until none is. */
export const anyIndexing = (files: readonly FileRecord[]): boolean =>
  files.some((file) => file.knowledge?.status === 'indexing');

/** An assistant's avatar may be a PNG, JPEG, GIF or WebP image (docs/reference/assistants.md (Avatar)). */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** Whether an image may be an avatar: one of the types, not empty, and within the operator's avatar limit. */
export function avatarAcceptable(file: Pick<File, 'type' | 'size'>, limitBytes: number): boolean {
  return (AVATAR_TYPES as readonly string[]).includes(file.type) && file.size > 0 && file.size <= limitBytes;
}
