import { describe, expect, it } from 'vitest';
import { fileKindLabel } from './file-kind';

describe('fileKindLabel', () => {
  it('prefers a short extension, then the MIME subtype', () => {
    expect(fileKindLabel('report.pdf', 'application/pdf')).toBe('PDF');
    expect(fileKindLabel('notes', 'text/plain')).toBe('PLAIN');
    expect(fileKindLabel(undefined, 'application/vnd.ms-excel')).toBe('EXCEL');
    expect(fileKindLabel('.bashrc', '')).toBe('FILE');
    expect(fileKindLabel('archive.verylongext', 'application/zip')).toBe('ZIP');
  });
});
