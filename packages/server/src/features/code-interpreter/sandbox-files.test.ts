import { describe, expect, it } from 'vitest';
import { image } from '../files/files.test-helpers';
import { MAX_INPUT_FILES, prepareInputFiles, typeOfOutput } from './sandbox-files';
import { SANDBOX_LIMIT_DEFAULTS } from './sandbox-limits';

describe('files given to a sandbox run', () => {
  it('keeps only the last segment of a name, without control characters', () => {
    const files = prepareInputFiles(
      [
        { name: '../../etc/passwd', bytes: Buffer.from('a') },
        { name: 'C:\\Users\\me\\report\u202e.csv', bytes: Buffer.from('b') },
        { name: '..', bytes: Buffer.from('c') },
      ],
      SANDBOX_LIMIT_DEFAULTS,
    );
    expect(files.map((f) => f.name)).toEqual(['passwd', 'report.csv', 'file']);
  });

  it('refuses too many files, and too many bytes together', () => {
    const one = { name: 'a', bytes: Buffer.alloc(1) };
    expect(() => prepareInputFiles(Array(MAX_INPUT_FILES + 1).fill(one), SANDBOX_LIMIT_DEFAULTS)).toThrow(
      `A run accepts at most ${MAX_INPUT_FILES} files; ${MAX_INPUT_FILES + 1} were attached.`,
    );
    const limits = { ...SANDBOX_LIMIT_DEFAULTS, inputBytes: 2 * 1024 * 1024 };
    expect(() => prepareInputFiles([{ name: 'big', bytes: Buffer.alloc(3 * 1024 * 1024) }], limits)).toThrow(
      'The attached files are 3 MB together; the sandbox accepts 2 MB.',
    );
  });
});

describe('the type of a file the code wrote', () => {
  it('comes from its content first, whatever its name', async () => {
    expect(await typeOfOutput('chart.csv', await image(4, 4))).toBe('image/png');
  });

  it('is text by its extension when the content is text', async () => {
    expect(await typeOfOutput('table.csv', Buffer.from('a,b\n1,2\n'))).toBe('text/csv');
    expect(await typeOfOutput('data.json', Buffer.from('{"a":1}'))).toBe('application/json');
    expect(await typeOfOutput('notes', Buffer.from('just words'))).toBe('text/plain');
    // A name cannot make text into a program.
    expect(await typeOfOutput('setup.exe', Buffer.from('plain words'))).toBe('text/plain');
  });

  it('is application/octet-stream for bytes that are neither known nor text', async () => {
    expect(await typeOfOutput('blob.csv', Buffer.from([0, 1, 2, 255, 0, 7]))).toBe(
      'application/octet-stream',
    );
  });
});
