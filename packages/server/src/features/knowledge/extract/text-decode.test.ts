import { describe, expect, it } from 'vitest';
import { ExtractError } from './extracted-document';
import { decodeText } from './text-decode';

const TEXT = 'Parley 知识库，检索 “quotes” é';

describe('decodeText', () => {
  it('reads UTF-8, with or without a byte-order mark', () => {
    expect(decodeText(Buffer.from(TEXT))).toBe(TEXT);
    expect(decodeText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(TEXT)]))).toBe(TEXT);
  });

  it('reads UTF-16 with a byte-order mark, either byte order', () => {
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(TEXT, 'utf16le')]);
    const be = Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(TEXT, 'utf16le').swap16()]);
    expect(decodeText(le)).toBe(TEXT);
    expect(decodeText(be)).toBe(TEXT);
  });

  it('reads GBK/GB18030 text (what Excel on Chinese Windows saves a CSV as)', () => {
    // 名称,价格 / 苹果,3 in GBK.
    const gbk = Buffer.from('c3fbb3c62cbcdbb8f10ac6bbb9fb2c33', 'hex');
    expect(decodeText(gbk)).toBe('名称,价格\n苹果,3');
  });

  it('prefers a declared charset over the GB18030 guess', () => {
    const latin = Buffer.from('caf\xe9 cr\xe8me', 'latin1');
    expect(decodeText(latin, 'iso-8859-1')).toBe('café crème');
  });

  it('ignores a declared charset Node does not know', () => {
    expect(decodeText(Buffer.from(TEXT), 'x-unknown')).toBe(TEXT);
  });

  it('refuses binary data as damaged', () => {
    const binary = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]);
    expect(() => decodeText(binary)).toThrow(
      new ExtractError('damaged', 'the file holds binary data, not text'),
    );
  });

  it('refuses a UTF-16 file whose bytes break off mid-character', () => {
    const odd = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('ab', 'utf16le'), Buffer.from([0x41])]);
    expect(() => decodeText(odd)).toThrow(new ExtractError('damaged', 'the text is not valid UTF-16LE'));
  });
});
