import { afterEach, describe, expect, it } from 'vitest';
import { MB } from '@parley/shared';
import type { Env } from './env-reader';
import { DEFAULT_UPLOAD_LIMITS, readFileSettings } from './file-settings';
import { loadConfig } from './load-config';
import { expectConfigError, loadWithYaml, removeTempDirs, tempDir } from './temp-config.test-helpers';
import { testConfig } from '../../test/app.test-helpers';

afterEach(removeTempDirs);

const load = (env: Env = {}) => loadConfig({ env, cwd: tempDir() }).config.files!;
const loadYaml = (yaml: string, env: Env = {}) => loadWithYaml(`version: 1.0.3\n${yaml}`, env).config.files!;

describe('file settings', () => {
  it('defaults to local storage, the default limits and the upload rate limits', () => {
    const files = load();
    expect(files.strategy).toBe('local');
    expect(files.s3).toBeNull();
    expect(files.uploadLimits).toEqual({
      ipMax: 100,
      ipWindowInMinutes: 15,
      userMax: 50,
      userWindowInMinutes: 15,
    });
    expect(files.fileConfig.endpoints.default).toMatchObject({
      fileLimit: 10,
      fileSizeLimit: 20 * MB,
      totalSizeLimit: 25 * MB,
    });
    expect(files.fileConfig.endpoints.assistants?.fileSizeLimit).toBe(512 * MB);
    expect(files.fileConfig.serverFileSizeLimit).toBe(512 * MB);
  });

  it('merges the YAML fileConfig: megabytes to bytes, per-endpoint over default, assistants, the server cap', () => {
    const files = loadYaml(`
fileConfig:
  serverFileSizeLimit: 100
  avatarSizeLimit: 1
  endpoints:
    default:
      totalSizeLimit: 30
    openAI:
      fileLimit: 3
      fileSizeLimit: 2.5
      supportedMimeTypes: ["^image/png$"]
    anthropic:
      disabled: true
    assistants:
      fileLimit: 20
`);
    const { endpoints } = files.fileConfig;
    expect(endpoints.default).toMatchObject({
      fileLimit: 10,
      fileSizeLimit: 20 * MB,
      totalSizeLimit: 30 * MB,
    });
    expect(endpoints.openAI).toEqual({
      fileLimit: 3,
      fileSizeLimit: 2.5 * MB,
      totalSizeLimit: 30 * MB,
      supportedMimeTypes: ['^image/png$'],
      disabled: false,
    });
    expect(endpoints.anthropic).toMatchObject({ disabled: true, totalSizeLimit: 30 * MB });
    // The assistants rules keep their own sizes, capped by the server limit.
    expect(endpoints.assistants).toMatchObject({
      fileLimit: 20,
      fileSizeLimit: 100 * MB,
      totalSizeLimit: 100 * MB,
    });
    expect(files.fileConfig.serverFileSizeLimit).toBe(100 * MB);
    expect(files.fileConfig.avatarSizeLimit).toBe(MB);
  });

  it('takes rateLimits.fileUploads over the FILE_UPLOAD_* variables, which fill what it leaves out', () => {
    const env = { FILE_UPLOAD_IP_MAX: '7', FILE_UPLOAD_USER_MAX: '9', FILE_UPLOAD_USER_WINDOW: '2' };
    expect(load(env).uploadLimits).toEqual({
      ipMax: 7,
      ipWindowInMinutes: 15,
      userMax: 9,
      userWindowInMinutes: 2,
    });
    const files = loadYaml(
      `
rateLimits:
  fileUploads:
    userMax: 3
    ipWindowInMinutes: 60
`,
      env,
    );
    expect(files.uploadLimits).toEqual({
      ipMax: 7,
      ipWindowInMinutes: 60,
      userMax: 3,
      userWindowInMinutes: 2,
    });
  });

  it('treats empty FILE_UPLOAD_* values as unset', () => {
    expect(load({ FILE_UPLOAD_IP_MAX: '', FILE_UPLOAD_USER_MAX: '' }).uploadLimits).toEqual(
      DEFAULT_UPLOAD_LIMITS,
    );
  });

  it('takes the per-user storage quota from fileConfig.userStorageLimit, else FILE_USER_STORAGE_LIMIT (MB)', () => {
    expect(load().fileConfig.userStorageLimit).toBe(1024 * MB);
    expect(load({ FILE_USER_STORAGE_LIMIT: '' }).fileConfig.userStorageLimit).toBe(1024 * MB);
    expect(load({ FILE_USER_STORAGE_LIMIT: '50' }).fileConfig.userStorageLimit).toBe(50 * MB);
    expect(load({ FILE_USER_STORAGE_LIMIT: '0' }).fileConfig.userStorageLimit).toBeNull();
    const env = { FILE_USER_STORAGE_LIMIT: '50' };
    expect(loadYaml('fileConfig:\n  userStorageLimit: 200\n', env).fileConfig.userStorageLimit).toBe(
      200 * MB,
    );
    expect(loadYaml('fileConfig:\n  userStorageLimit: 0\n', env).fileConfig.userStorageLimit).toBeNull();
    expect(loadYaml('fileConfig:\n  avatarSizeLimit: 1\n', env).fileConfig.userStorageLimit).toBe(50 * MB);
    expectConfigError(() => loadYaml('fileConfig:\n  userStorageLimit: -1\n'), 'fileConfig.userStorageLimit');
  });

  it.each([
    ['FILE_UPLOAD_IP_MAX', '-1'],
    ['FILE_UPLOAD_USER_MAX', 'many'],
    ['FILE_UPLOAD_USER_WINDOW', '-5'],
    ['FILE_USER_STORAGE_LIMIT', 'lots'],
  ])('refuses %s=%s', (name, value) => {
    expectConfigError(() => load({ [name]: value }), name);
  });

  it.each([['firebase'], ['azure']])(
    'refuses fileStrategy %s, which Parley does not implement',
    (strategy) => {
      const error = expectConfigError(() => loadYaml(`fileStrategy: ${strategy}\n`), 'fileStrategy');
      expect(error.message).toContain(`"${strategy}"`);
      expect(error.message).toContain('"local" or "s3"');
    },
  );

  it.each([[{}], [{ AWS_BUCKET_NAME: '  ' }]])('refuses s3 without AWS_BUCKET_NAME (%j)', (env) => {
    expectConfigError(() => loadYaml('fileStrategy: s3\n', env), 'AWS_BUCKET_NAME');
  });

  it('reads the S3 settings, defaulting the region and leaving the keys to the SDK when unset', () => {
    expect(
      loadYaml('fileStrategy: s3\n', { AWS_BUCKET_NAME: ' uploads ', AWS_ACCESS_KEY_ID: '' }),
    ).toMatchObject({
      strategy: 's3',
      s3: {
        bucket: 'uploads',
        region: 'us-east-1',
        endpoint: null,
        accessKeyId: null,
        secretAccessKey: null,
      },
    });
    const files = loadYaml('fileStrategy: s3\n', {
      AWS_BUCKET_NAME: 'uploads',
      AWS_REGION: 'eu-west-3',
      AWS_ENDPOINT_URL: 'http://minio:9000',
      AWS_ACCESS_KEY_ID: 'AKIA-TEST',
      AWS_SECRET_ACCESS_KEY: 'secret',
    });
    expect(files.s3).toEqual({
      bucket: 'uploads',
      region: 'eu-west-3',
      endpoint: 'http://minio:9000',
      accessKeyId: 'AKIA-TEST',
      secretAccessKey: 'secret',
    });
  });

  it('ignores the AWS_* variables for local storage', () => {
    expect(loadYaml('fileStrategy: local\n', { AWS_BUCKET_NAME: 'uploads' }).s3).toBeNull();
    expect(readFileSettings({}, null).strategy).toBe('local');
  });

  it('resolves a test config’s files from its YAML, as the loader does', () => {
    const { files } = testConfig({
      yaml: { version: '1.0.3', fileConfig: { endpoints: { openAI: { fileLimit: 2 } } } },
    });
    expect(files).toMatchObject({ strategy: 'local', s3: null, uploadLimits: DEFAULT_UPLOAD_LIMITS });
    expect(files.fileConfig.endpoints.openAI?.fileLimit).toBe(2);
  });
});
