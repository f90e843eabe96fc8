import { describe, expect, it } from 'vitest';
import { decrypt, encrypt } from './crypto';

const config = { secrets: { credsKey: 'ab'.repeat(32), credsIv: 'cd'.repeat(16) } };

describe('crypto', () => {
  it('round-trips, with a fresh nonce each time', () => {
    const a = encrypt('sk-secret ✓', config, 'ctx');
    const b = encrypt('sk-secret ✓', config, 'ctx');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);
    expect(a).not.toContain('sk-secret');
    expect(decrypt(a, config, 'ctx')).toBe('sk-secret ✓');
    expect(decrypt(b, config, 'ctx')).toBe('sk-secret ✓');
  });

  it('detects a tampered ciphertext, tag or nonce', () => {
    const [v, nonce, tag, ct] = encrypt('sk-secret', config).split(':') as [string, string, string, string];
    const flip = (b64: string) => {
      const buf = Buffer.from(b64, 'base64');
      buf[0] = (buf[0] ?? 0) ^ 1;
      return buf.toString('base64');
    };
    expect(() => decrypt([v, nonce, tag, flip(ct)].join(':'), config)).toThrow(/authentication/);
    expect(() => decrypt([v, nonce, flip(tag), ct].join(':'), config)).toThrow(/authentication/);
    expect(() => decrypt([v, flip(nonce), tag, ct].join(':'), config)).toThrow(/authentication/);
    expect(() => decrypt('garbage', config)).toThrow(/format/);
  });

  it('opens only under the same key, IV and context', () => {
    const payload = encrypt('sk-secret', config, 'user:a');
    expect(() => decrypt(payload, config, 'user:b')).toThrow();
    expect(() =>
      decrypt(payload, { secrets: { ...config.secrets, credsIv: 'ef'.repeat(16) } }, 'user:a'),
    ).toThrow();
    expect(() =>
      decrypt(payload, { secrets: { ...config.secrets, credsKey: '12'.repeat(32) } }, 'user:a'),
    ).toThrow();
  });

  it('refuses a key of the wrong length', () => {
    expect(() => encrypt('x', { secrets: { credsKey: 'ab', credsIv: '' } })).toThrow(/CREDS_KEY/);
  });
});
