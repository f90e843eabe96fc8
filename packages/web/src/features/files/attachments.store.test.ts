import { beforeEach, describe, expect, it, vi } from 'vitest';
import { filesLoading, messageFiles, useAttachmentsStore, type AttachedFile } from './attachments.store';
import { fileDeletes } from './file-deletes';
import { removeAttachment } from './remove-attachment';

vi.mock('./file-deletes', () => ({ fileDeletes: { queue: vi.fn() } }));

const file = (id: string, progress: number, extra: Partial<AttachedFile> = {}): AttachedFile => ({
  id,
  temp_file_id: id,
  file_id: progress >= 1 ? `srv-${id}` : id,
  filepath: progress >= 1 ? `/api/files/download/srv-${id}` : 'blob:x',
  filename: `${id}.png`,
  type: 'image/png',
  bytes: 5,
  progress,
  source: 'local',
  ...extra,
});

describe('attachments', () => {
  beforeEach(() => {
    useAttachmentsStore.setState({ files: [] });
    vi.mocked(fileDeletes.queue).mockClear();
  });

  it('counts files below progress 1 as loading', () => {
    expect(filesLoading([file('a', 1)])).toBe(false);
    expect(filesLoading([file('a', 1), file('b', 0.9)])).toBe(true);
  });

  it('does not remove a file that is still uploading', () => {
    useAttachmentsStore.getState().add(file('a', 0.6));
    removeAttachment('a');
    expect(useAttachmentsStore.getState().files).toHaveLength(1);
    expect(fileDeletes.queue).not.toHaveBeenCalled();
  });

  it('removes an uploaded file and queues its server delete', () => {
    useAttachmentsStore.getState().add(file('a', 1));
    useAttachmentsStore.getState().add(file('b', 1));
    removeAttachment('a');
    expect(useAttachmentsStore.getState().files.map((f) => f.id)).toEqual(['b']);
    expect(fileDeletes.queue).toHaveBeenCalledWith({
      file_id: 'srv-a',
      filepath: '/api/files/download/srv-a',
      source: 'local',
    });
  });

  it('keeps a file attached from the stored files on the server when it is removed', () => {
    useAttachmentsStore.getState().add(file('a', 1, { attached: true }));
    removeAttachment('a');
    expect(useAttachmentsStore.getState().files).toEqual([]);
    expect(fileDeletes.queue).not.toHaveBeenCalled();
  });

  it('clears after a send without queueing deletes', () => {
    useAttachmentsStore.getState().add(file('a', 1));
    useAttachmentsStore.getState().clear();
    expect(useAttachmentsStore.getState().files).toEqual([]);
    expect(fileDeletes.queue).not.toHaveBeenCalled();
  });

  it('gives a message the uploaded files with their server ids and sizes', () => {
    const files = [file('a', 1, { width: 64, height: 48 }), file('b', 0.9)];
    const pdf = file('c', 1, { type: 'application/pdf' });
    expect(messageFiles([...files, pdf])).toEqual([
      { file_id: 'srv-a', filepath: '/api/files/download/srv-a', type: 'image/png', width: 64, height: 48 },
      { file_id: 'srv-c', filepath: '/api/files/download/srv-c', type: 'application/pdf' },
    ]);
  });
});
