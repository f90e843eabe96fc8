import { signedPathOf } from '../chat/chat-files.test-helpers';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  mergeFileConfig,
  type DeleteFilesResponse,
  type FileRecord,
  type UploadResponse,
} from '@parley/shared';
import { DEFAULT_UPLOAD_LIMITS } from '../../config/file-settings';
import { testDialects } from '../../../test/dialects.test-helpers';
import { startS3Server, type TestS3Server } from '../../../test/s3-server.test-helpers';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';

/** A PNG of RGB noise: noise does not compress, so `side` sets the size (1500 px ≈ 6.7 MB, past one 5 MB part). */
async function noisePng(side: number): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** A multipart body as a browser's FormData makes it (fields first, then the file). */
async function multipart(fields: Record<string, string>, file: { data: Buffer; name: string; type: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'file',
    new Blob([new Uint8Array(file.data)], { type: file.type }),
    encodeURIComponent(file.name),
  );
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  };
}

describe.each(testDialects())('files on S3-compatible storage, on %s', (dialect) => {
  let s3: TestS3Server;
  let dataDir: string;
  let t: TestApp;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = mkdtempSync(join(tmpdir(), 'parley-files-s3-'));
    t = await buildTestApp(dialect, {
      dataDir,
      // Uploads name an endpoint, which must be configured.
      providers: { openAI: { apiKey: 'sk-s3' } },
      files: {
        strategy: 's3',
        fileConfig: mergeFileConfig(undefined),
        uploadLimits: DEFAULT_UPLOAD_LIMITS,
        s3: s3.settings,
      },
    });
    const user = await newUser(t.app);
    token = user.token;
    userId = user.user.id;
  });

  afterAll(async () => {
    await t?.close();
    await s3?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const auth = () => ({ authorization: `Bearer ${token}` });

  async function uploadImage(data: Buffer, name: string, side: number) {
    const body = await multipart(
      { endpoint: 'openAI', file_id: randomUUID(), width: String(side), height: String(side) },
      { data, name, type: 'image/png' },
    );
    return t.app.inject({
      method: 'POST',
      url: API.filesImages,
      headers: { ...auth(), 'content-type': body.contentType },
      payload: body.payload,
    });
  }

  it.each([
    ['a small image, in one request', 64],
    ['a 6.7 MB image, as a multipart upload', 1500],
  ])('uploads %s, lists it, downloads the same bytes, and deletes the object', async (_label, side) => {
    const data = await noisePng(side);
    const res = await uploadImage(data, `noise ${side}.png`, side);
    expect(res.statusCode, res.body).toBe(201);
    const uploaded = res.json<UploadResponse>();
    expect(uploaded).toMatchObject({
      filename: `noise ${side}.png`,
      filepath: signedPathOf(uploaded.file_id),
      type: 'image/png',
      bytes: data.length,
      width: side,
      height: side,
      source: 's3',
    });
    const key = `${userId}/${uploaded.file_id}`;
    expect(await s3.keys()).toContain(key);
    const multipartStarted = s3.requests.some((r) => r.startsWith(`POST /${s3.bucket}/${key}?uploads`));
    expect(multipartStarted).toBe(data.length > 5 * 1024 * 1024);

    const list = await t.app.inject({ method: 'GET', url: API.files, headers: auth() });
    expect(list.statusCode).toBe(200);
    expect(list.json<FileRecord[]>().find((f) => f.file_id === uploaded.file_id)).toMatchObject({
      source: 's3',
      bytes: data.length,
    });

    const download = await t.app.inject({ method: 'GET', url: uploaded.filepath, headers: auth() });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toMatch(/^image\/png/);
    expect(download.rawPayload.equals(data)).toBe(true);

    const removed = await t.app.inject({
      method: 'DELETE',
      url: API.files,
      headers: auth(),
      payload: { files: [{ file_id: uploaded.file_id, filepath: uploaded.filepath, source: 's3' }] },
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json<DeleteFilesResponse>().deleted).toEqual([uploaded.file_id]);
    expect(await s3.keys()).not.toContain(key);
    const gone = await t.app.inject({ method: 'GET', url: uploaded.filepath, headers: auth() });
    expect(gone.statusCode).toBe(404);
  });

  it('leaves no object in the bucket, nor a temporary file, when an upload is refused', async () => {
    const before = await s3.keys();
    const text = await multipart(
      { endpoint: 'openAI', file_id: randomUUID() },
      { data: Buffer.from('just some text\n'), name: 'notes.txt', type: 'text/plain' },
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: API.files,
      headers: { ...auth(), 'content-type': text.contentType },
      payload: text.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ message: 'Currently, unsupported file type: text/plain' });

    // Named and typed as a PNG, but not an image: found out after it was received.
    const fake = await uploadImage(Buffer.from('%PDF-1.4 not an image at all'), 'fake.png', 10);
    expect(fake.statusCode).toBe(400);

    expect(await s3.keys()).toEqual(before);
    const list = await t.app.inject({ method: 'GET', url: API.files, headers: auth() });
    expect(list.json<FileRecord[]>().map((f) => f.filename)).not.toContain('fake.png');
    const staged = join(dataDir, 'uploads', '.tmp');
    const left = existsSync(staged)
      ? readdirSync(staged, { withFileTypes: true }).filter((e) => e.isFile())
      : [];
    expect(left).toEqual([]);
  });
});
