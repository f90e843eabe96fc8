import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecrets } from './secrets';
import { expectConfigError, removeTempDirs, tempDir } from './temp-config.test-helpers';

afterEach(removeTempDirs);

const KEY = 'ab'.repeat(32);
const IV = 'cd'.repeat(16);

describe('secrets', () => {
  it('generates them once, into a 0600 file, and reuses them', () => {
    const dataDir = join(tempDir(), 'data', 'nested');
    const first = loadSecrets({}, dataDir);
    const path = join(dataDir, 'secrets.json');
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(first.notices).toHaveLength(1);
    expect(first.notices[0]).toContain('JWT_SECRET, JWT_REFRESH_SECRET, CREDS_KEY, CREDS_IV');
    expect(first.notices[0]).toContain(path);
    expect(first.secrets.credsKey).toMatch(/^[0-9a-f]{64}$/);
    expect(first.secrets.credsIv).toMatch(/^[0-9a-f]{32}$/);
    expect(first.secrets.jwtSecret).not.toBe(first.secrets.jwtRefreshSecret);

    const second = loadSecrets({}, dataDir);
    expect(second.secrets).toEqual(first.secrets);
    expect(second.notices).toEqual([]);
  });

  it('lets the environment win over the file', () => {
    const dataDir = tempDir();
    const generated = loadSecrets({}, dataDir).secrets;
    const { secrets, notices } = loadSecrets({ JWT_SECRET: 'from-env', CREDS_KEY: KEY }, dataDir);
    expect(secrets).toEqual({ ...generated, jwtSecret: 'from-env', credsKey: KEY });
    expect(notices).toEqual([]);
  });

  it('writes nothing when the environment sets them all', () => {
    const dataDir = join(tempDir(), 'data');
    const env = { JWT_SECRET: 'a', JWT_REFRESH_SECRET: 'b', CREDS_KEY: KEY, CREDS_IV: IV };
    expect(loadSecrets(env, dataDir).secrets).toEqual({
      jwtSecret: 'a',
      jwtRefreshSecret: 'b',
      credsKey: KEY,
      credsIv: IV,
    });
    expect(() => statSync(dataDir)).toThrow();
  });

  it('completes a file that lacks some of them, keeping the rest', () => {
    const dataDir = tempDir();
    const path = join(dataDir, 'secrets.json');
    writeFileSync(path, JSON.stringify({ JWT_SECRET: 'kept' }));
    const { secrets, notices } = loadSecrets({}, dataDir);
    expect(secrets.jwtSecret).toBe('kept');
    expect(notices[0]).toContain('Generated JWT_REFRESH_SECRET, CREDS_KEY, CREDS_IV');
    expect(JSON.parse(readFileSync(path, 'utf8')).JWT_SECRET).toBe('kept');
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it.each([
    ['CREDS_KEY', 'abc'],
    ['CREDS_KEY', 'zz'.repeat(32)],
    ['CREDS_IV', KEY],
  ])('refuses %s of the wrong format', (name, value) => {
    const error = expectConfigError(() => loadSecrets({ [name]: value }, tempDir()), name);
    expect(error.message).toContain('hex characters');
  });

  it('refuses a malformed CREDS_KEY in the file, naming the file', () => {
    const dataDir = tempDir();
    writeFileSync(join(dataDir, 'secrets.json'), JSON.stringify({ CREDS_KEY: 'short' }));
    const error = expectConfigError(() => loadSecrets({}, dataDir), 'CREDS_KEY');
    expect(error.message).toContain('secrets.json');
  });
});
