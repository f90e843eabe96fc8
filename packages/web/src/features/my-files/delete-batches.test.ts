import { describe, expect, it } from 'vitest';
import type { FileRecord } from '@parley/shared';
import { deleteBatches } from './delete-batches';

const file = (n: number): FileRecord => ({
  file_id: `f${n}`,
  filename: `photo-${n}.png`,
  filepath: `/api/files/download/f${n}`,
  type: 'image/png',
  bytes: 100,
  source: 'local',
  context: 'message_attachment',
  width: 64,
  height: 48,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
});

describe('deleteBatches', () => {
  it('sends file_id, filepath and source of each file, nothing else', () => {
    expect(deleteBatches([file(1)], 100)).toEqual([
      [{ file_id: 'f1', filepath: '/api/files/download/f1', source: 'local' }],
    ]);
  });

  it('splits a large selection into batches the API accepts', () => {
    const files = Array.from({ length: 205 }, (_, i) => file(i));
    const batches = deleteBatches(files, 100);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 5]);
    expect(batches.flat().map((e) => e.file_id)).toEqual(files.map((f) => f.file_id));
  });

  it('has nothing to send for no files', () => {
    expect(deleteBatches([], 100)).toEqual([]);
  });
});
