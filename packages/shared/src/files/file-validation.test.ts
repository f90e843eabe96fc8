import { describe, expect, it } from 'vitest';
import { DEFAULT_ENDPOINT_FILE_LIMITS, MB } from './file-limits';
import type { EndpointFileLimits } from './file.schema';
import { FILE_MESSAGES, checkFiles, type CandidateFile, type ListedFile } from './file-validation';

const limits = DEFAULT_ENDPOINT_FILE_LIMITS; // 10 files, 20 MB each, 25 MB total, images only
const png = (name: string, size = MB): CandidateFile => ({ name, size, type: 'image/png' });
const listed = (filename: string, bytes = MB, type = 'image/png'): ListedFile => ({ filename, bytes, type });
const check = (
  files: CandidateFile[],
  extra: { existing?: ListedFile[]; limits?: EndpointFileLimits } = {},
) => checkFiles({ endpoint: 'openAI', limits: extra.limits ?? limits, files, existing: extra.existing });
const messages = (result: ReturnType<typeof checkFiles>) => result.errors.map((e) => e.message);

describe('checkFiles', () => {
  it('accepts supported files within every limit', () => {
    const files = [png('a.png'), { name: 'b.webp', size: 2 * MB, type: 'image/webp' }];
    expect(check(files)).toEqual({ accepted: files, errors: [] });
  });

  it('needs an endpoint', () => {
    const result = checkFiles({ endpoint: null, limits, files: [png('a.png')] });
    expect(result.accepted).toEqual([]);
    expect(result.errors).toEqual([{ code: 'endpoint', message: FILE_MESSAGES.endpoint }]);
  });

  it('refuses everything when uploads are disabled for the endpoint', () => {
    const result = check([png('a.png')], { limits: { ...limits, disabled: true } });
    expect(result.accepted).toEqual([]);
    expect(messages(result)).toEqual(['File uploads are disabled for this endpoint.']);
  });

  it('counts the files already there toward the file limit', () => {
    const existing = Array.from({ length: 8 }, (_, i) => listed(`old-${i}.png`, 1000 + i));
    expect(check([png('a.png', 10), png('b.png', 20)], { existing }).errors).toEqual([]);
    const over = check([png('a.png', 10), png('b.png', 20), png('c.png', 30)], { existing });
    expect(over.accepted).toEqual([]);
    expect(over.errors).toEqual([
      { code: 'count', limit: 10, message: 'You can only upload up to 10 files at a time.' },
    ]);
  });

  it('drops a file of an unsupported type alone, naming the type', () => {
    const pdf = { name: 'doc.pdf', size: MB, type: 'application/pdf' };
    const result = check([pdf, png('a.png')]);
    expect(result.accepted).toEqual([png('a.png')]);
    expect(result.errors).toEqual([
      { code: 'type', type: 'application/pdf', message: 'Currently, unsupported file type: application/pdf' },
    ]);
    expect(messages(check([{ name: 'x', size: 1, type: '' }]))).toEqual([
      'Currently, unsupported file type: unknown',
    ]);
  });

  it('drops a file over the size limit, naming the limit in MB', () => {
    const result = check([png('big.png', 20 * MB + 1), png('ok.png', 20 * MB)]);
    expect(result.accepted).toEqual([png('ok.png', 20 * MB)]);
    expect(result.errors).toEqual([{ code: 'size', limitMb: '20', message: 'File size exceeds 20 MB.' }]);
    const fractional = check([png('big.png', 2 * MB)], { limits: { ...limits, fileSizeLimit: 1.5 * MB } });
    expect(messages(fractional)).toEqual(['File size exceeds 1.5 MB.']);
  });

  it('drops an empty file', () => {
    expect(check([png('empty.png', 0)])).toEqual({
      accepted: [],
      errors: [{ code: 'empty', message: 'The file is empty.' }],
    });
  });

  it('refuses duplicates by name, size and top-level type, among existing and new files', () => {
    const existing = [listed('cat.png', 1234)];
    expect(messages(check([png('cat.png', 1234)], { existing }))).toEqual(['Duplicate file detected.']);
    // Same name and size, other image subtype: still a duplicate.
    const jpeg = { name: 'cat.png', size: 1234, type: 'image/jpeg' };
    expect(check([jpeg], { existing }).accepted).toEqual([]);
    // Another size or another name is another file.
    expect(check([png('cat.png', 1235), png('dog.png', 1234)], { existing }).errors).toEqual([]);
    // Another top-level type is another file.
    const text = { name: 'notes', size: 10, type: 'text/plain' };
    const wide = { ...limits, supportedMimeTypes: ['^image/', '^text/'] };
    const result = check([text], { existing: [listed('notes', 10, 'image/png')], limits: wide });
    expect(result.accepted).toEqual([text]);
    // The second of two identical new files is dropped.
    const twice = check([png('a.png', 5), png('a.png', 5)]);
    expect(twice.accepted).toEqual([png('a.png', 5)]);
    expect(messages(twice)).toEqual(['Duplicate file detected.']);
  });

  it('refuses the batch when new plus existing sizes pass the total limit', () => {
    const existing = [listed('old.png', 10 * MB)];
    expect(check([png('a.png', 15 * MB)], { existing }).errors).toEqual([]); // exactly 25 MB
    const result = check([png('a.png', 10 * MB), png('b.png', 5 * MB + 1)], { existing });
    expect(result.accepted).toEqual([]);
    expect(result.errors).toEqual([
      { code: 'total', limitMb: '25', message: 'The total size of the files cannot exceed 25 MB.' },
    ]);
  });

  it('counts only the accepted new files toward the total', () => {
    const result = check([png('huge.png', 21 * MB), png('ok.png', 10 * MB)], {
      existing: [listed('old.png', 10 * MB)],
    });
    expect(result.accepted).toEqual([png('ok.png', 10 * MB)]);
    expect(messages(result)).toEqual(['File size exceeds 20 MB.']);
  });

  it('reports each distinct message once', () => {
    const pdf = (name: string) => ({ name, size: MB, type: 'application/pdf' });
    expect(messages(check([pdf('a.pdf'), pdf('b.pdf')]))).toEqual([
      'Currently, unsupported file type: application/pdf',
    ]);
    const withTotal = check([pdf('a.pdf'), pdf('b.pdf'), png('big.png', 20 * MB)], {
      existing: [listed('old.png', 10 * MB)],
    });
    expect(messages(withTotal)).toEqual([
      'Currently, unsupported file type: application/pdf',
      'The total size of the files cannot exceed 25 MB.',
    ]);
  });
});
