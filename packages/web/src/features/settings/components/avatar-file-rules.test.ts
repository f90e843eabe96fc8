import { describe, expect, it } from 'vitest';
import { MB } from '@parley/shared';
import { avatarSizeLimit, isValidAvatarFile } from './avatar-file-rules';

describe('avatarSizeLimit', () => {
  it('is 2 MB unless the startup config sets one', () => {
    expect(avatarSizeLimit(undefined)).toBe(2 * MB);
    expect(avatarSizeLimit(0)).toBe(2 * MB);
    expect(avatarSizeLimit(4 * MB)).toBe(4 * MB);
    expect(avatarSizeLimit(MB / 2)).toBe(MB / 2);
  });
});

describe('isValidAvatarFile', () => {
  const limit = 2 * MB;
  it('accepts PNG and JPEG up to the limit', () => {
    expect(isValidAvatarFile({ name: 'me.png', type: 'image/png', size: 1000 }, limit)).toBe(true);
    expect(isValidAvatarFile({ name: 'me.jpg', type: 'image/jpeg', size: limit }, limit)).toBe(true);
  });

  it('refuses other types, whatever the name says', () => {
    expect(isValidAvatarFile({ name: 'me.gif', type: 'image/gif', size: 1000 }, limit)).toBe(false);
    expect(isValidAvatarFile({ name: 'me.png', type: 'image/webp', size: 1000 }, limit)).toBe(false);
    expect(isValidAvatarFile({ name: 'notes.txt', type: 'text/plain', size: 10 }, limit)).toBe(false);
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(isValidAvatarFile({ name: 'ME.JPEG', type: '', size: 10 }, limit)).toBe(true);
    expect(isValidAvatarFile({ name: 'me.bmp', type: '', size: 10 }, limit)).toBe(false);
  });

  it('refuses a file over the limit and an empty one', () => {
    expect(isValidAvatarFile({ name: 'big.png', type: 'image/png', size: limit + 1 }, limit)).toBe(false);
    expect(isValidAvatarFile({ name: 'me.png', type: 'image/png', size: 0 }, limit)).toBe(false);
  });
});
