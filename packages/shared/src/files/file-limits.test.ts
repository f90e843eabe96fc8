import { describe, expect, it } from 'vitest';
import {
  ASSISTANTS_FILE_LIMITS,
  DEFAULT_ENDPOINT_FILE_LIMITS,
  MB,
  fileLimitsFor,
  formatFileSize,
  fromFileConfigAnswer,
  toFileConfigAnswer,
  formatStorageSize,
  isSupportedMimeType,
  megabytes,
  mergeFileConfig,
} from './file-limits';

describe('mergeFileConfig', () => {
  it('gives the default limits without a fileConfig', () => {
    const config = mergeFileConfig(undefined);
    expect(config.endpoints.default).toMatchObject({
      fileLimit: 10,
      fileSizeLimit: 20 * MB,
      totalSizeLimit: 25 * MB,
      disabled: false,
    });
    expect(config.endpoints.assistants).toMatchObject({
      fileLimit: 10,
      fileSizeLimit: 512 * MB,
      totalSizeLimit: 512 * MB,
    });
    expect(config.serverFileSizeLimit).toBe(512 * MB);
    expect(config.avatarSizeLimit).toBe(2 * MB);
  });

  it('turns megabytes into bytes, fractions included', () => {
    const config = mergeFileConfig({ endpoints: { openAI: { fileSizeLimit: 0.5, totalSizeLimit: 1.25 } } });
    expect(config.endpoints.openAI).toMatchObject({ fileSizeLimit: MB / 2, totalSizeLimit: 1.25 * MB });
  });

  it('starts a named endpoint from `default`, which itself changes every endpoint not named', () => {
    const config = mergeFileConfig({
      endpoints: { default: { fileLimit: 4 }, openAI: { fileSizeLimit: 5 }, google: { disabled: true } },
    });
    expect(config.endpoints.default).toMatchObject({ fileLimit: 4, fileSizeLimit: 20 * MB });
    expect(config.endpoints.openAI).toMatchObject({
      fileLimit: 4,
      fileSizeLimit: 5 * MB,
      totalSizeLimit: 25 * MB,
    });
    expect(config.endpoints.google).toMatchObject({ fileLimit: 4, disabled: true });
    expect(fileLimitsFor(config, 'anthropic')).toBe(config.endpoints.default);
    // The assistants rules are their own, not default's.
    expect(config.endpoints.assistants?.fileLimit).toBe(ASSISTANTS_FILE_LIMITS.fileLimit);
  });

  it('caps every size at the server limit', () => {
    const config = mergeFileConfig({
      serverFileSizeLimit: 100,
      endpoints: { openAI: { fileSizeLimit: 300 } },
    });
    expect(config.serverFileSizeLimit).toBe(100 * MB);
    expect(config.endpoints.openAI?.fileSizeLimit).toBe(100 * MB);
    expect(config.endpoints.assistants).toMatchObject({ fileSizeLimit: 100 * MB, totalSizeLimit: 100 * MB });
    expect(config.endpoints.default?.fileSizeLimit).toBe(20 * MB);
  });

  it('takes supportedMimeTypes and avatarSizeLimit as given', () => {
    const config = mergeFileConfig({
      avatarSizeLimit: 1,
      endpoints: { assistants: { supportedMimeTypes: ['^application/pdf$'] } },
    });
    expect(config.avatarSizeLimit).toBe(MB);
    expect(config.endpoints.assistants?.supportedMimeTypes).toEqual(['^application/pdf$']);
  });
});

describe('fileLimitsFor', () => {
  it('gives the default rules to endpoints named like Object properties, never the property', () => {
    const config = mergeFileConfig({ endpoints: { default: { fileLimit: 3 } } });
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      expect(fileLimitsFor(config, name), name).toBe(config.endpoints.default);
    }
  });

  it('keeps an endpoint named `__proto__` as an entry of its own, not as the prototype', () => {
    const endpoints = JSON.parse('{"__proto__": {"fileLimit": 2}, "openAI": {"fileLimit": 4}}') as Record<
      string,
      { fileLimit: number }
    >;
    const config = mergeFileConfig({ endpoints });
    expect(Object.getPrototypeOf(config.endpoints)).toBe(Object.prototype);
    expect(fileLimitsFor(config, '__proto__').fileLimit).toBe(2);
    expect(fileLimitsFor(config, 'openAI').fileLimit).toBe(4);
    expect(fileLimitsFor(config, 'constructor').fileLimit).toBe(10);
  });

  it('falls back to the default rules for no endpoint or an unknown one', () => {
    const config = mergeFileConfig(undefined);
    expect(fileLimitsFor(config, null)).toEqual(DEFAULT_ENDPOINT_FILE_LIMITS);
    expect(fileLimitsFor(config, 'nobody')).toEqual(DEFAULT_ENDPOINT_FILE_LIMITS);
    expect(fileLimitsFor(config, 'assistants')).toEqual(ASSISTANTS_FILE_LIMITS);
  });
});

describe('isSupportedMimeType', () => {
  const images = DEFAULT_ENDPOINT_FILE_LIMITS.supportedMimeTypes;
  it.each(['image/jpeg', 'image/gif', 'image/png', 'image/webp'])('accepts %s by default', (type) => {
    expect(isSupportedMimeType(type, images)).toBe(true);
  });
  it.each(['image/svg+xml', 'image/bmp', 'application/pdf', 'text/plain', '', 'xx-image/png'])(
    'refuses %j by default',
    (type) => expect(isSupportedMimeType(type, images)).toBe(false),
  );
  it('takes the assistants list: text, code, office, pdf, json, zip, images', () => {
    const wide = ASSISTANTS_FILE_LIMITS.supportedMimeTypes;
    for (const type of [
      'text/plain',
      'text/x-python',
      'application/pdf',
      'application/json',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/zip',
      'image/png',
    ]) {
      expect(isSupportedMimeType(type, wide), type).toBe(true);
    }
    expect(isSupportedMimeType('video/mp4', wide)).toBe(false);
  });
  it('compares a pattern that is not a valid expression as plain text', () => {
    expect(isSupportedMimeType('a(b', ['a(b'])).toBe(true);
  });
});

describe('userStorageLimit', () => {
  it('is 1024 MB by default, the given megabytes otherwise, and off (null) at 0', () => {
    expect(mergeFileConfig(undefined).userStorageLimit).toBe(1024 * MB);
    expect(mergeFileConfig({ userStorageLimit: 2.5 }).userStorageLimit).toBe(2.5 * MB);
    expect(mergeFileConfig({ userStorageLimit: 0 }).userStorageLimit).toBeNull();
  });
});

describe('formatStorageSize', () => {
  it('shows megabytes with one decimal under 1 GB, gigabytes with up to two from there', () => {
    expect(formatStorageSize(0)).toBe('0 MB');
    expect(formatStorageSize(12.34 * MB)).toBe('12.3 MB');
    expect(formatStorageSize(1023.96 * MB)).toBe('1024 MB');
    expect(formatStorageSize(1024 * MB)).toBe('1 GB');
    expect(formatStorageSize(1536 * MB)).toBe('1.5 GB');
  });
});

describe('megabytes and formatFileSize', () => {
  it('shows limits bare when whole, else with up to two decimals', () => {
    expect(megabytes(20 * MB)).toBe('20');
    expect(megabytes(1.5 * MB)).toBe('1.5');
    expect(megabytes(MB / 3)).toBe('0.33');
  });
  it('shows file sizes with two decimals, "< 0.01 MB" below that', () => {
    expect(formatFileSize(0)).toBe('< 0.01 MB');
    expect(formatFileSize(10_485)).toBe('< 0.01 MB');
    expect(formatFileSize(10_486)).toBe('0.01 MB');
    expect(formatFileSize(1.5 * MB)).toBe('1.50 MB');
    expect(formatFileSize(20 * MB)).toBe('20.00 MB');
  });

  it('answers the sizes in megabytes and reads them back as the same bytes', () => {
    const config = mergeFileConfig({
      endpoints: { openAI: { fileSizeLimit: 0.3, totalSizeLimit: 1.25 } },
      avatarSizeLimit: 0.5,
      userStorageLimit: 10,
    });
    const answer = toFileConfigAnswer(config);
    expect(answer.endpoints.openAI).toMatchObject({
      fileSizeLimit: 0.3,
      totalSizeLimit: 1.25,
      fileLimit: 10,
    });
    expect(answer.endpoints.default).toMatchObject({ fileSizeLimit: 20, totalSizeLimit: 25 });
    expect(answer).toMatchObject({
      serverFileSizeLimit: 512,
      avatarSizeLimit: 0.5,
      userStorageLimit: 10 * MB,
    });
    // The client's own check: a file of limit * 1024 * 1024 bytes passes.
    expect(answer.endpoints.openAI!.fileSizeLimit * 1024 * 1024).toBeCloseTo(
      config.endpoints.openAI!.fileSizeLimit,
      0,
    );
    expect(fromFileConfigAnswer(answer)).toEqual(config);
  });
});
