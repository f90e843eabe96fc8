import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody, DeleteFilesResponse, FileRecord, UploadResponse } from '@parley/shared';
import { testDialects } from '../../../test/dialects.test-helpers';
import { DOCUMENTS, PDF } from './file-samples.test-helpers';
import {
  allFileRows,
  auth,
  buildFilesApp,
  image,
  imageForm,
  storedObjects,
  upload,
  type FilesTestApp,
} from './files.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { signedPathOf } from '../chat/chat-files.test-helpers';

describe.each(testDialects())('listing, downloading and deleting files on %s', (dialect) => {
  let t: FilesTestApp;
  afterEach(async () => t?.close());

  const put = async (token: string, name: string, data?: Buffer) =>
    (await upload(t.app, token, imageForm(name, data ?? (await image(12, 8))))).json<UploadResponse>();
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const remove = (token: string, ids: string[]) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/files',
      headers: auth(token),
      payload: {
        files: ids.map((file_id) => ({
          file_id,
          filepath: `/api/files/download/${file_id}`,
          source: 'local',
        })),
      },
    });

  it("lists the user's files newest first, without avatars or others' files", async () => {
    t = await buildFilesApp(dialect);
    const ann = await newUser(t.app);
    const bob = await newUser(t.app);
    // The second upload a second later, on a fake clock (Date only: the sockets and timers stay real).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const first = await put(ann.token, 'first.png').finally(() => vi.setSystemTime(Date.now() + 1000));
    const second = await put(ann.token, 'second.png').finally(() => vi.useRealTimers());
    await put(bob.token, 'bobs.png');
    const avatar = await upload(t.app, ann.token, {
      url: '/api/files/images/avatar',
      fileField: 'input',
      file: { name: 'me.png', data: await image(300, 300), type: 'image/png' },
      fields: { manual: 'true' },
    });
    expect(avatar.statusCode).toBe(200);
    const res = await get(ann.token, '/api/files');
    expect(res.statusCode).toBe(200);
    const list = res.json<FileRecord[]>();
    expect(list.map((f) => f.file_id)).toEqual([second.file_id, first.file_id]);
    expect(list[0]).toEqual({
      file_id: second.file_id,
      filename: 'second.png',
      filepath: signedPathOf(second.file_id),
      type: 'image/png',
      bytes: second.bytes,
      source: 'local',
      context: 'message_attachment',
      width: 12,
      height: 8,
      message_file: false,
      createdAt: second.createdAt,
      updatedAt: second.updatedAt,
    });
    expect((await get(ann.token, '/api/files')).json<FileRecord[]>()).toHaveLength(2);
  });

  it('serves a file to its owner only, with safe headers; another user or an absent id gets 404', async () => {
    t = await buildFilesApp(dialect);
    const ann = await newUser(t.app);
    const bob = await newUser(t.app);
    const png = await image(12, 8);
    const picture = await put(ann.token, '猫 "cat".png', png);
    const res = await get(ann.token, picture.filepath);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(png);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(png.length),
      'x-content-type-options': 'nosniff',
      'content-disposition': `inline; filename="_ _cat_.png"; filename*=UTF-8''%E7%8C%AB%20%22cat%22.png`,
      'content-security-policy': "default-src 'none'; sandbox",
    });
    expect(res.headers['cache-control']).toMatch(/^private\b/);
    const head = await t.app.inject({ method: 'HEAD', url: picture.filepath, headers: auth(ann.token) });
    expect([head.statusCode, head.headers['content-length'], head.body]).toEqual([
      200,
      String(png.length),
      '',
    ]);
    for (const [token, url] of [
      [bob.token, picture.filepath],
      [ann.token, '/api/files/download/no-such-file'],
    ] as const) {
      const missing = await get(token, url);
      expect(missing.statusCode).toBe(404);
      expect(missing.json<ApiErrorBody>()).toEqual({ code: 'NOT_FOUND', message: 'File not found' });
    }
    // Without the token and without the signature (file-url.ts; files.signed-urls.test.ts) it is a 401.
    const bare = picture.filepath.split('?')[0]!;
    expect((await t.app.inject({ method: 'GET', url: bare })).statusCode).toBe(401);
  });

  it('serves anything but an image as an attachment of its sniffed type', async () => {
    t = await buildFilesApp(dialect, { fileConfig: DOCUMENTS });
    const { token } = await newUser(t.app);
    const pdf = await upload(t.app, token, {
      file: { name: 'report.pdf', data: PDF, type: 'application/pdf' },
      fields: { file_id: 'x', endpoint: 'openAI' },
    });
    const text = await upload(t.app, token, {
      file: { name: 'page.html', data: '<script>alert(1)</script>', type: 'text/html' },
      fields: { file_id: 'y', endpoint: 'openAI' },
    });
    const pdfRes = await get(token, pdf.json<UploadResponse>().filepath);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    expect(pdfRes.headers['content-disposition']).toMatch(/^attachment; filename="report.pdf"/);
    const htmlRes = await get(token, text.json<UploadResponse>().filepath);
    expect(htmlRes.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(htmlRes.headers['content-disposition']).toMatch(/^attachment;/);
    expect(htmlRes.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it("deletes the caller's files, rows and objects, and leaves others' files untouched and unrevealed", async () => {
    t = await buildFilesApp(dialect);
    const ann = await newUser(t.app);
    const bob = await newUser(t.app);
    const [a1, a2] = [await put(ann.token, 'a1.png'), await put(ann.token, 'a2.png')];
    const b1 = await put(bob.token, 'b1.png');
    const res = await remove(ann.token, [a1.file_id, b1.file_id, 'unknown-id', a1.file_id]);
    expect(res.statusCode).toBe(200);
    expect(res.json<DeleteFilesResponse>()).toEqual({
      message: 'Files deleted successfully',
      deleted: [a1.file_id],
    });
    expect((await get(ann.token, '/api/files')).json<FileRecord[]>().map((f) => f.file_id)).toEqual([
      a2.file_id,
    ]);
    expect((await get(ann.token, a1.filepath)).statusCode).toBe(404);
    expect((await get(bob.token, b1.filepath)).statusCode).toBe(200);
    expect(storedObjects(t.dataDir).sort()).toEqual(
      [`${ann.user.id}/${a2.file_id}`, `${bob.user.id}/${b1.file_id}`].sort(),
    );
    expect((await allFileRows(t)).map((r) => r.file_id).sort()).toEqual([a2.file_id, b1.file_id].sort());
  });

  it('refuses a delete without files', async () => {
    t = await buildFilesApp(dialect);
    const { token } = await newUser(t.app);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/files',
      headers: auth(token),
      payload: { files: [] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION', field: 'files' });
  });
});
