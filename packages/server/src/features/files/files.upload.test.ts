import { signedPathOf } from '../chat/chat-files.test-helpers';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { uploadResponseSchema, type ApiErrorBody, type UploadResponse } from '@parley/shared';
import { testDialects } from '../../../test/dialects.test-helpers';
import { DOCUMENTS } from './file-samples.test-helpers';
import {
  allFileRows,
  auth,
  buildFilesApp,
  image,
  imageForm,
  storedObjects,
  tempFiles,
  upload,
  type FilesTestApp,
} from './files.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';

describe.each(testDialects())('file uploads on %s', (dialect) => {
  let t: FilesTestApp;
  afterEach(async () => t?.close());

  const download = async (token: string, body: UploadResponse) =>
    (await t.app.inject({ method: 'GET', url: body.filepath, headers: auth(token) })).rawPayload;

  it('stores an image with its real size, decoded name and the upload answer', async () => {
    t = await buildFilesApp(dialect);
    const { token, user } = await newUser(t.app);
    const png = await image(300, 200);
    const res = await upload(
      t.app,
      token,
      imageForm('my photo 照片.png', png, 'image/png', { width: '9', height: '9' }),
    );
    expect(res.statusCode).toBe(201);
    const body = uploadResponseSchema.strict().parse(res.json());
    expect(body).toMatchObject({
      temp_file_id: 'temp-1',
      filename: 'my photo 照片.png',
      type: 'image/png',
      bytes: png.length,
      width: 300,
      height: 200,
      source: 'local',
      context: 'message_attachment',
      filepath: signedPathOf(body.file_id),
      message: 'File uploaded and processed successfully',
    });
    expect(body.file_id).not.toBe('temp-1');
    expect(storedObjects(t.dataDir)).toEqual([`${user.id}/${body.file_id}`]);
    expect(await download(token, body)).toEqual(png);
    const rows = await allFileRows(t);
    expect(rows.map((r) => [r.status, Number(r.bytes)])).toEqual([['ready', png.length]]);
    expect(tempFiles(t.dataDir)).toEqual([]);
  });

  it('keeps the stored file 0600 in 0700 folders, the temporary folder included', async () => {
    t = await buildFilesApp(dialect);
    const { token, user } = await newUser(t.app);
    const res = await upload(t.app, token, imageForm('a.png', await image(4000, 10)));
    // 4000 px wide: scaled, so the receipt and the scaled copy both passed through the temporary folder.
    expect(res.json<UploadResponse>()).toMatchObject({ width: 2048 });
    const mode = (...path: string[]) => statSync(join(t.dataDir, 'uploads', ...path)).mode & 0o777;
    expect(mode(user.id, res.json<UploadResponse>().file_id)).toBe(0o600);
    expect([mode(), mode(user.id), mode('.tmp')]).toEqual([0o700, 0o700, 0o700]);
  });

  it('takes the fields in any order (file first)', async () => {
    t = await buildFilesApp(dialect);
    const { token } = await newUser(t.app);
    const res = await upload(t.app, token, { ...imageForm('a.png', await image(10, 10)), fileFirst: true });
    expect(res.statusCode).toBe(201);
  });

  it('stores a PNG named .jpg as image/png, and JPEG, GIF and WebP as themselves', async () => {
    t = await buildFilesApp(dialect);
    const { token } = await newUser(t.app);
    const renamed = await upload(t.app, token, imageForm('shot.jpg', await image(20, 10), 'image/jpeg'));
    expect(renamed.statusCode).toBe(201);
    expect(renamed.json<UploadResponse>()).toMatchObject({ type: 'image/png', filename: 'shot.jpg' });
    for (const format of ['jpeg', 'gif', 'webp'] as const) {
      const res = await upload(
        t.app,
        token,
        imageForm(`x.${format}`, await image(30, 40, format), `image/${format}`),
      );
      expect(res.json<UploadResponse>()).toMatchObject({ type: `image/${format}`, width: 30, height: 40 });
    }
  });

  it('scales an image over 2048 px to fit, in its own format, and stores the real size', async () => {
    t = await buildFilesApp(dialect);
    const { token } = await newUser(t.app);
    const res = await upload(
      t.app,
      token,
      imageForm('wide.jpg', await image(3000, 1000, 'jpeg'), 'image/jpeg'),
    );
    expect(res.statusCode).toBe(201);
    const body = res.json<UploadResponse>();
    expect(body).toMatchObject({ type: 'image/jpeg', width: 2048, height: 683 });
    const stored = await download(token, body);
    expect(body.bytes).toBe(stored.length);
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 2048, 683]);
    expect(tempFiles(t.dataDir)).toEqual([]);
  });

  it('measures after EXIF orientation', async () => {
    t = await buildFilesApp(dialect);
    const { token } = await newUser(t.app);
    // Stored 400x100, shown rotated a quarter turn (orientation 6): 100 wide, 400 high.
    const rotated = await sharp(await image(400, 100, 'jpeg'))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const res = await upload(t.app, token, imageForm('turned.jpg', rotated, 'image/jpeg'));
    expect(res.json<UploadResponse>()).toMatchObject({ width: 100, height: 400 });
  });

  it('keeps documents for an endpoint configured to take them: text typed by extension, flags kept', async () => {
    t = await buildFilesApp(dialect, { fileConfig: DOCUMENTS });
    const { token } = await newUser(t.app);
    const form = (name: string, data: string, extra: Record<string, string> = {}) => ({
      file: { name, data, type: 'application/octet-stream' },
      fields: { file_id: 'tmp', endpoint: 'openAI', assistant_id: 'asst_1', ...extra },
    });
    const csv = await upload(t.app, token, form('data.csv', 'a,b\n1,2\n'));
    expect(csv.statusCode).toBe(201);
    expect(csv.json<UploadResponse>()).toMatchObject({
      type: 'text/csv',
      context: 'message_attachment',
      assistant_id: 'asst_1',
      message_file: false,
    });
    const notes = await upload(t.app, token, form('notes.md', '# 标题\n', { message_file: 'true' }));
    expect(notes.json<UploadResponse>()).toMatchObject({
      type: 'text/markdown',
      context: 'message_attachment',
      message_file: true,
    });
    const readme = await upload(t.app, token, form('README', 'plain words'));
    expect(readme.json<UploadResponse>()).toMatchObject({ type: 'text/plain', filename: 'README' });
  });

  it('keeps the last path segment of a name, without control or direction characters, at most 255 long', async () => {
    t = await buildFilesApp(dialect);
    const { token } = await newUser(t.app);
    const png = await image(8, 8);
    const cases: [string, string][] = [
      ['../../etc/pa\u0000ss\u0007wd.png', 'passwd.png'],
      ['C:\\Users\\me\\evil\u202egnp.png', 'evilgnp.png'],
      [`${'长'.repeat(300)}.png`, `${'长'.repeat(251)}.png`],
    ];
    for (const [sent, kept] of cases) {
      const res = await upload(t.app, token, imageForm(sent, png));
      expect(res.statusCode).toBe(201);
      expect(res.json<UploadResponse>().filename).toBe(kept);
    }
  });

  it('needs a signed-in user', async () => {
    t = await buildFilesApp(dialect);
    const res = await upload(t.app, 'not-a-token', imageForm('a.png', await image(4, 4)));
    expect(res.statusCode).toBe(401);
    expect(res.json<ApiErrorBody>().code).toBe('UNAUTHORIZED');
    expect(await allFileRows(t)).toEqual([]);
  });
});
