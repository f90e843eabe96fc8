import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { fileUsageSchema, MB, type ApiErrorBody, type UploadResponse } from '@parley/shared';
import { testDialects } from '../../../test/dialects.test-helpers';
import { QUOTA_MESSAGE_KEY, quotaMessage } from './storage-quota';
import { DOCUMENTS } from './file-samples.test-helpers';
import {
  allFileRows,
  auth,
  buildFilesApp,
  image,
  storedObjects,
  tempFiles,
  upload,
  type FilesTestApp,
} from './files.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';

describe.each(testDialects())('the per-user storage quota on %s', (dialect) => {
  let t: FilesTestApp;
  afterEach(async () => t?.close());

  /** A text file of `bytes` random letters (distinct content each time). */
  const textOf = (bytes: number) => randomBytes(bytes).toString('base64').slice(0, bytes);
  const put = (token: string, bytes: number, endpoint = 'openAI') =>
    upload(t.app, token, {
      file: { name: `notes-${bytes}.txt`, data: textOf(bytes), type: 'text/plain' },
      fields: { file_id: 'tmp', endpoint },
    });
  const usage = async (token: string) =>
    fileUsageSchema
      .strict()
      .parse((await t.app.inject({ method: 'GET', url: '/api/files/usage', headers: auth(token) })).json());
  const remove = (token: string, fileId: string) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/files',
      headers: auth(token),
      payload: { files: [{ file_id: fileId }] },
    });

  it('refuses the upload that would pass the quota, counts per user, and frees room on delete', async () => {
    t = await buildFilesApp(dialect, { fileConfig: { ...DOCUMENTS, userStorageLimit: 1 } });
    const ann = await newUser(t.app);
    const bob = await newUser(t.app);
    expect(await usage(ann.token)).toEqual({ used: 0, limit: MB });

    const first = await put(ann.token, 600_000);
    expect(first.statusCode).toBe(201);
    expect(await usage(ann.token)).toEqual({ used: 600_000, limit: MB });
    const second = await put(ann.token, 500_000);
    expect(second.statusCode).toBe(400);
    expect(second.json<ApiErrorBody>()).toEqual({
      code: 'VALIDATION',
      message: quotaMessage(MB, 600_000),
      field: 'file',
      key: QUOTA_MESSAGE_KEY,
      details: { limit: '1 MB', used: '0.6 MB' },
    });
    expect(quotaMessage(MB, 600_000)).toBe(
      'Your files cannot take more than 1 MB in total (0.6 MB used). Delete files in My Files to make room.',
    );
    // Exactly up to the limit is allowed; another user has a quota of their own.
    expect((await put(ann.token, MB - 600_000)).statusCode).toBe(201);
    expect((await put(bob.token, 600_000)).statusCode).toBe(201);
    expect(await usage(ann.token)).toEqual({ used: MB, limit: MB });
    expect(await usage(bob.token)).toEqual({ used: 600_000, limit: MB });

    expect((await remove(ann.token, first.json<UploadResponse>().file_id)).statusCode).toBe(200);
    expect(await usage(ann.token)).toEqual({ used: MB - 600_000, limit: MB });
    expect((await put(ann.token, 500_000)).statusCode).toBe(201);
    expect(tempFiles(t.dataDir)).toEqual([]);
  });

  it('refuses a file past the room left while it arrives, and one from a user already at the limit', async () => {
    t = await buildFilesApp(dialect, { fileConfig: { ...DOCUMENTS, userStorageLimit: 1 } });
    const { token } = await newUser(t.app);
    expect((await put(token, MB)).statusCode).toBe(201);
    const refused = await put(token, 5 * MB);
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ApiErrorBody>().key).toBe(QUOTA_MESSAGE_KEY);
    expect((await put(token, 1)).json<ApiErrorBody>().message).toBe(quotaMessage(MB, MB));
    expect((await allFileRows(t)).length).toBe(1);
    expect(storedObjects(t.dataDir)).toHaveLength(1);
    expect(tempFiles(t.dataDir)).toEqual([]);
  });

  it('lets concurrent uploads of one user together stay within the quota', async () => {
    t = await buildFilesApp(dialect, { fileConfig: { ...DOCUMENTS, userStorageLimit: 1 } });
    const { token } = await newUser(t.app);
    // Eight uploads of 300,000 bytes at once, each checked against a usage of 0 when it began: three fit.
    const results = await Promise.all(Array.from({ length: 8 }, () => put(token, 300_000)));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([201, 201, 201, 400, 400, 400, 400, 400]);
    expect(await usage(token)).toEqual({ used: 900_000, limit: MB });
    const rows = await allFileRows(t);
    expect(rows.map((r) => r.status)).toEqual(['ready', 'ready', 'ready']);
  });

  it('leaves the profile picture out of the usage', async () => {
    t = await buildFilesApp(dialect, { fileConfig: { userStorageLimit: 1 } });
    const { token } = await newUser(t.app);
    const avatar = await upload(t.app, token, {
      url: '/api/files/images/avatar',
      fileField: 'input',
      file: { name: 'me.png', data: await image(300, 300), type: 'image/png' },
      fields: { manual: 'true' },
    });
    expect(avatar.statusCode).toBe(200);
    expect(await usage(token)).toEqual({ used: 0, limit: MB });
  });

  it('has no quota at 0: the usage says so and nothing is refused for it', async () => {
    t = await buildFilesApp(dialect, { fileConfig: { ...DOCUMENTS, userStorageLimit: 0 } });
    const { token } = await newUser(t.app);
    expect((await put(token, 2 * MB)).statusCode).toBe(201);
    expect(await usage(token)).toEqual({ used: 2 * MB, limit: null });
  });

  it('needs a signed-in user for the usage', async () => {
    t = await buildFilesApp(dialect);
    expect((await t.app.inject({ method: 'GET', url: '/api/files/usage' })).statusCode).toBe(401);
  });
});
