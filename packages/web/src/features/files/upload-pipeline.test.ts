import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadResponse } from '@parley/shared';
import type { AttachedFile } from './attachments.store';
import { PROGRESS, UPLOAD_FINALISE_MS, uploadOne, type PipelineDeps } from './upload-pipeline';

const response: UploadResponse = {
  file_id: 'srv-1',
  temp_file_id: 'tmp-1',
  filepath: '/api/files/download/srv-1',
  filename: 'cat.png',
  type: 'image/png',
  bytes: 10,
  width: 64,
  height: 48,
  source: 'local',
  context: 'message_attachment',
  createdAt: '',
  updatedAt: '',
  message: 'File uploaded and processed successfully',
};

function harness(overrides: Partial<PipelineDeps> = {}) {
  const list = new Map<string, AttachedFile>();
  const steps: number[] = [];
  const deps: PipelineDeps = {
    add: (f) => {
      list.set(f.id, f);
      steps.push(f.progress);
    },
    update: (id, patch) => {
      list.set(id, { ...list.get(id)!, ...patch });
      if (patch.progress !== undefined) steps.push(patch.progress);
    },
    remove: (id) => void list.delete(id),
    newId: () => 'tmp-1',
    preview: () => 'blob:preview',
    measure: () => Promise.resolve({ width: 64, height: 48 }),
    upload: vi.fn(() => Promise.resolve(response)),
    failed: vi.fn(),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    ...overrides,
  };
  return { list, steps, deps };
}

const png = () => new File([new Uint8Array(10)], 'cat.png', { type: 'image/png' });

describe('uploadOne', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes 0.2, 0.6, 0.9, then 300 ms later 1 with the server ids', async () => {
    const { list, steps, deps } = harness();
    const done = uploadOne(png(), 'openAI', deps);
    await vi.advanceTimersByTimeAsync(0);
    expect(steps).toEqual([PROGRESS.added, PROGRESS.measured, PROGRESS.uploaded]);
    expect(list.get('tmp-1')).toMatchObject({ file_id: 'tmp-1', filepath: 'blob:preview', progress: 0.9 });
    await vi.advanceTimersByTimeAsync(UPLOAD_FINALISE_MS - 1);
    expect(list.get('tmp-1')!.progress).toBe(0.9);
    await vi.advanceTimersByTimeAsync(1);
    await done;
    expect(steps).toEqual([0.2, 0.6, 0.9, 1]);
    expect(list.get('tmp-1')).toMatchObject({
      file_id: 'srv-1',
      filepath: '/api/files/download/srv-1',
      width: 64,
      height: 48,
      preview: 'blob:preview',
      source: 'local',
    });
    expect(deps.upload).toHaveBeenCalledWith(
      expect.objectContaining({ tempFileId: 'tmp-1', endpoint: 'openAI', width: 64, height: 48 }),
    );
  });

  it('skips measuring for other files and sends no size', async () => {
    const measure = vi.fn();
    const { steps, deps } = harness({ measure });
    const pdf = new File([new Uint8Array(3)], 'a.pdf', { type: 'application/pdf' });
    const done = uploadOne(pdf, 'assistants', deps);
    await vi.advanceTimersByTimeAsync(UPLOAD_FINALISE_MS);
    await done;
    expect(measure).not.toHaveBeenCalled();
    expect(steps).toEqual([0.2, 0.9, 1]);
    expect(deps.upload).toHaveBeenCalledWith(expect.not.objectContaining({ width: expect.anything() }));
  });

  it('removes the file and reports the error when the upload fails', async () => {
    const error = new Error('File size exceeds 20 MB.');
    const { list, deps } = harness({ upload: () => Promise.reject(error) });
    await uploadOne(png(), 'openAI', deps);
    expect(list.size).toBe(0);
    expect(deps.failed).toHaveBeenCalledWith(error);
  });
});
