import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { cleanFileName } from './file-name';
import { contentDisposition } from './download-headers';
import { sniffType } from './sniff-type';

const dir = mkdtempSync(join(tmpdir(), 'parley-sniff-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const sniff = (data: Buffer | string, name: string, claim = '') => {
  const path = join(dir, `f${(n += 1)}`);
  writeFileSync(path, data);
  return sniffType(path, name, claim);
};

describe('sniffType', () => {
  it('takes the type from magic bytes and the claim from the extension, else the browser', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    expect(await sniff(png, 'a.jpg', 'image/jpeg')).toEqual({ type: 'image/png', claimed: 'image/jpeg' });
    expect(await sniff(png, 'a.EXE', 'image/png')).toEqual({
      type: 'image/png',
      claimed: 'application/x-msdownload',
    });
    expect(await sniff(png, 'a.weird', 'image/png')).toEqual({
      type: 'image/png',
      claimed: 'application/octet-stream',
    });
    expect(await sniff(png, 'pasted', 'image/jpg')).toEqual({ type: 'image/png', claimed: 'image/jpeg' });
    expect(await sniff(png, 'pasted', 'application/octet-stream')).toEqual({
      type: 'image/png',
      claimed: undefined,
    });
    // Browsers call .ts video/mp2t: the extension wins.
    expect(await sniff('const a = 1;\n', 'a.ts', 'video/mp2t')).toEqual({
      type: 'application/typescript',
      claimed: 'application/typescript',
    });
  });

  it('names old Office files by extension inside their common container', async () => {
    const cfb = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
    expect((await sniff(cfb, 'old.doc')).type).toBe('application/msword');
    expect((await sniff(cfb, 'old.xls')).type).toBe('application/vnd.ms-excel');
  });

  it('accepts text only as UTF-8 without NUL in the first 4 KB, a character cut at the edge included', async () => {
    const edge = Buffer.concat([Buffer.from('a'.repeat(4095)), Buffer.from('中')]);
    expect((await sniff(edge, 'a.txt')).type).toBe('text/plain');
    expect((await sniff('x,y\n', 'a.csv')).type).toBe('text/csv');
    expect((await sniff('{"a":1}', 'a.json')).type).toBe('application/json');
    expect((await sniff('plain', 'a.png')).type).toBe('text/plain');
    expect((await sniff(Buffer.from('ab\0cd'), 'a.txt')).type).toBe('application/octet-stream');
    expect((await sniff(Buffer.from([0x41, 0xc3, 0x28, 0x41]), 'a.txt')).type).toBe(
      'application/octet-stream',
    );
  });
});

describe('cleanFileName and contentDisposition', () => {
  it('decodes, strips paths and controls, keeps the extension when cutting, never answers empty', () => {
    expect(cleanFileName('r%C3%A9sum%C3%A9.pdf')).toBe('résumé.pdf');
    expect(cleanFileName('100%.txt')).toBe('100%.txt');
    expect(cleanFileName('a/b\\..\\c.txt')).toBe('c.txt');
    expect(cleanFileName('%2E%2E')).toBe('file');
    expect(cleanFileName('x'.repeat(300) + '.jpeg')).toBe('x'.repeat(250) + '.jpeg');
  });

  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('attachment', "l'été (1).txt")).toBe(
      `attachment; filename="l'_t_ (1).txt"; filename*=UTF-8''l%27%C3%A9t%C3%A9%20%281%29.txt`,
    );
  });
});
