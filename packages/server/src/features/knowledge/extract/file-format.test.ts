import { describe, expect, it } from 'vitest';
import { canExtract, charsetOf, formatOf, unsupportedReason } from './file-format';

describe('file format', () => {
  it.each([
    ['application/pdf', 'report.bin', 'pdf'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a', 'docx'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'a', 'xlsx'],
    ['application/vnd.openxmlformats-officedocument.presentationml.presentation', 'a', 'pptx'],
    ['text/html; charset=utf-8', 'page', 'html'],
    ['application/xml', 'feed', 'xml'],
    ['application/json', 'data', 'json'],
    ['text/csv', 'table', 'text'],
    ['text/markdown', 'notes', 'text'],
  ])('a specific media type decides: %s → %s', (type, name, format) => {
    expect(formatOf(type, name)).toBe(format);
  });

  it.each([
    ['application/octet-stream', 'scan.PDF', 'pdf'],
    ['application/zip', 'deck.pptx', 'pptx'],
    ['text/plain', 'index.htm', 'html'],
    ['', 'build.xml', 'xml'],
    ['text/plain', 'data.json', 'json'],
    // Content sniffing calls a TypeScript file an MPEG transport stream.
    ['video/mp2t', 'app.ts', 'text'],
    ['application/octet-stream', 'main.py', 'text'],
    ['', 'lib.rs', 'text'],
    ['', 'query.sql', 'text'],
    ['', 'style.css', 'text'],
    ['', 'deploy.sh', 'text'],
    ['', 'Main.java', 'text'],
    ['', 'server.go', 'text'],
    ['', 'a/b/Dockerfile', 'text'],
    ['text/x-python', 'script', 'text'],
  ])('else the extension (or a text/* type): %s %s → %s', (type, name, format) => {
    expect(formatOf(type, name)).toBe(format);
  });

  it.each([
    ['application/msword', 'old.doc'],
    ['application/vnd.ms-excel', 'old.xls'],
    ['image/png', 'photo.png'],
    ['application/zip', 'archive.zip'],
    ['application/octet-stream', 'noextension'],
    ['', '.hidden'],
    // An extension that is an Object.prototype key is no format.
    ['', 'x.constructor'],
  ])('has no reader for %s %s', (type, name) => {
    expect(formatOf(type, name)).toBeUndefined();
    expect(canExtract(type, name)).toBe(false);
  });

  it('canExtract agrees with formatOf', () => {
    expect(canExtract('application/pdf', 'a.pdf')).toBe(true);
    expect(canExtract('', 'a.md')).toBe(true);
  });

  it('reads the charset parameter of a type', () => {
    expect(charsetOf('text/csv; charset=GBK')).toBe('gbk');
    expect(charsetOf('text/html;charset="utf-8"')).toBe('utf-8');
    expect(charsetOf('text/plain')).toBeUndefined();
  });

  it('says why a file has no reader, naming the newer format for Office 97–2003 files', () => {
    expect(unsupportedReason('application/msword', 'old.doc')).toBe(
      'Word 97–2003 (.doc) files are not read: save the file as .docx',
    );
    expect(unsupportedReason('image/png; x=y', 'photo.png')).toBe(
      'files of type image/png (photo.png) have no text reader',
    );
    expect(unsupportedReason('', 'blob')).toBe('files of type no type (blob) have no text reader');
  });
});
