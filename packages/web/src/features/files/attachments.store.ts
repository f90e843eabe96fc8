import { create } from 'zustand';
import type { FileRecord, FileSource, Message } from '@parley/shared';

/**
 * A file in the message box (docs/reference/files.md (File fields)): uploading while `progress` < 1, then carrying the
 * server's ids. `id` is the client's temporary id and stays the list key when `file_id` becomes the server's.
 */
export interface AttachedFile {
  id: string;
  temp_file_id: string;
  file_id: string;
  /** A local `blob:` preview until the upload is done, then the server's download path. */
  filepath: string;
  filename: string;
  type: string;
  bytes: number;
  width?: number;
  height?: number;
  /** The local preview of an image, shown until the list is cleared. */
  preview?: string;
  progress: number;
  source?: FileSource;
  /** Taken from the user's stored files (not uploaded here): removing it from the box must not delete it. */
  attached?: boolean;
}

interface AttachmentsState {
  files: AttachedFile[];
  add: (file: AttachedFile) => void;
  update: (id: string, patch: Partial<AttachedFile>) => void;
  /** Takes a file out of the list; answers it (to queue its server delete), or null. */
  remove: (id: string) => AttachedFile | null;
  /** Empties the list after a send: the files now belong to the sent message. */
  clear: () => void;
}

function revoke(file: AttachedFile): void {
  if (file.preview) URL.revokeObjectURL(file.preview);
}

/** The message box's attachments (one list, like the draft it goes with). */
export const useAttachmentsStore = create<AttachmentsState>()((set, get) => ({
  files: [],
  add: (file) => set((s) => ({ files: [...s.files, file] })),
  update: (id, patch) => set((s) => ({ files: s.files.map((f) => (f.id === id ? { ...f, ...patch } : f)) })),
  remove: (id) => {
    const file = get().files.find((f) => f.id === id) ?? null;
    if (!file) return null;
    revoke(file);
    set((s) => ({ files: s.files.filter((f) => f.id !== id) }));
    return file;
  },
  clear: () => {
    get().files.forEach(revoke);
    set({ files: [] });
  },
}));

/**
 * A file the user already has (the files list) joins the message box as done and attached
 * (docs/reference/files.md (My Files and the Files panel)).
 */
export function attachExistingFile(file: FileRecord): void {
  useAttachmentsStore.getState().add({
    id: file.file_id,
    temp_file_id: file.file_id,
    file_id: file.file_id,
    filepath: file.filepath,
    filename: file.filename,
    type: file.type,
    bytes: file.bytes,
    ...(file.width && file.height ? { width: file.width, height: file.height } : {}),
    progress: 1,
    source: file.source,
    attached: true,
  });
}

/** Files still uploading: Send waits for them (docs/reference/files.md (Upload progress)). */
export const filesLoading = (files: readonly AttachedFile[]) => files.some((f) => f.progress < 1);

type MessageFile = NonNullable<Message['files']>[number];

/**
 * What a sent message carries of its files (docs/reference/messages.md (Message fields)): the uploaded ones, with
 * server ids.
 */
export function messageFiles(files: readonly AttachedFile[]): MessageFile[] {
  return files
    .filter((f) => f.progress >= 1)
    .map(({ file_id, filepath, type, height, width }) => ({
      file_id,
      filepath,
      type,
      ...(height && width ? { height, width } : {}),
    }));
}
