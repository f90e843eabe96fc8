import { describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { FILE_MESSAGES, fileErrors, MB } from '@parley/shared';
import { ApiError } from '../../lib/api-error';
import { enUS, zhCN } from '../../locales/catalogues';
import { uploadErrorText, validationErrorText } from './file-error-text';

async function translator(lng: 'en-US' | 'zh-CN') {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { 'en-US': { translation: enUS }, 'zh-CN': { translation: zhCN } },
    lng,
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const every = [
  fileErrors.endpoint(),
  fileErrors.disabled(),
  fileErrors.count(10),
  fileErrors.type('text/plain'),
  fileErrors.size(20 * MB),
  fileErrors.total(25 * MB),
  fileErrors.duplicate(),
  fileErrors.empty(),
];

describe('validationErrorText', () => {
  it('says in English exactly what the shared FILE_MESSAGES say', async () => {
    const t = await translator('en-US');
    for (const error of every) expect(validationErrorText(error, t)).toBe(error.message);
  });

  it('says it in Chinese for zh-CN, with the values', async () => {
    const t = await translator('zh-CN');
    expect(validationErrorText(fileErrors.size(20 * MB), t)).toBe('文件大小超过 20 MB。');
    expect(validationErrorText(fileErrors.type('text/plain'), t)).toBe('暂不支持此文件类型：text/plain');
    for (const error of every) expect(validationErrorText(error, t)).not.toBe(error.message);
  });
});

describe('uploadErrorText', () => {
  it("says the storage quota refusal in the user's language, from the key and details the server sends", async () => {
    const message =
      'Your files cannot take more than 1 GB in total (1023.5 MB used). Delete files in My Files to make room.';
    const quota = new ApiError(400, 'x', {
      code: 'VALIDATION',
      message,
      key: 'com_error_files_quota',
      details: { limit: '1 GB', used: '1023.5 MB' },
    });
    expect(uploadErrorText(quota, await translator('en-US'))).toBe(message);
    expect(uploadErrorText(quota, await translator('zh-CN'))).toBe(
      '您的文件总共不能超过 1 GB（已用 1023.5 MB）。请在“我的文件”中删除一些文件以腾出空间。',
    );
    // A key the web does not know: the server's text.
    const unknown = new ApiError(400, 'x', {
      code: 'VALIDATION',
      message: 'Other.',
      key: 'com_error_files_x',
    });
    expect(uploadErrorText(unknown, await translator('zh-CN'))).toBe('Other.');
  });

  it("shows the server's message, else the generic text", async () => {
    const t = await translator('en-US');
    const refused = new ApiError(400, 'x', { code: 'VALIDATION', message: 'File size exceeds 20 MB.' });
    expect(uploadErrorText(refused, t)).toBe('File size exceeds 20 MB.');
    expect(uploadErrorText(new ApiError(413, '413 Payload Too Large'), t)).toBe(FILE_MESSAGES.uploadFailed);
    expect(uploadErrorText(new TypeError('Failed to fetch'), t)).toBe(FILE_MESSAGES.uploadFailed);
  });

  it('reads the upload rate limit as a sentence', async () => {
    const t = await translator('en-US');
    const message = JSON.stringify({ type: 'file_upload_limit', max: 100, windowInMinutes: 60 });
    const limited = new ApiError(429, message, { code: 'RATE_LIMITED', message });
    expect(uploadErrorText(limited, t)).toBe(
      'Too many uploads: you can upload 100 files every 60 minutes. Please try again later.',
    );
  });
});
