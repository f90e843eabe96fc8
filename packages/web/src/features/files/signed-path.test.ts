import { describe, expect, it } from 'vitest';
import { isSignedFilePath, unsignedFilePath } from './signed-path';

describe('signed file paths', () => {
  it('tells a signed download path, which an <img> loads by itself, from the rest', () => {
    expect(isSignedFilePath('/api/files/download/f1?exp=1700001200&sig=abc-_9')).toBe(true);
    expect(isSignedFilePath('/api/files/download/f1')).toBe(false);
    expect(isSignedFilePath('/api/files/download/f1?exp=1700001200')).toBe(false);
    expect(isSignedFilePath('blob:http://localhost/1234')).toBe(false);
    expect(isSignedFilePath('https://example.com/api/files/download/f1?sig=x')).toBe(false);
  });

  it('drops the signature for the read with the bearer token', () => {
    expect(unsignedFilePath('/api/files/download/f1?exp=1&sig=x')).toBe('/api/files/download/f1');
    expect(unsignedFilePath('/api/files/download/f1')).toBe('/api/files/download/f1');
  });
});
