import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody, PublicUser, UploadResponse } from '@parley/shared';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { getUser, postRefresh } from '../auth/auth.test-helpers';
import {
  checkFileSignature,
  FILE_URL_BUCKET_SECONDS,
  fileUrlExpiry,
  signedFilePath,
  signMessageFiles,
  signStoredPath,
} from './file-url';
import { UPLOAD_MESSAGES } from './files.messages';
import { auth, buildFilesApp, image, imageForm, upload, type FilesTestApp } from './files.test-helpers';

const config = { secrets: { jwtSecret: 'test-secret' } };
const BUCKET_MS = FILE_URL_BUCKET_SECONDS * 1000;

describe('signed file URLs', () => {
  it('expire at the next 10-minute boundary plus 10 minutes: valid 10 to 20 minutes, stable within a bucket', () => {
    const start = 1_700_000_400_000; // a bucket boundary
    expect(start % BUCKET_MS).toBe(0);
    expect(fileUrlExpiry(start) * 1000).toBe(start + 2 * BUCKET_MS);
    expect(fileUrlExpiry(start + BUCKET_MS - 1) * 1000).toBe(start + 2 * BUCKET_MS);
    expect(fileUrlExpiry(start + BUCKET_MS) * 1000).toBe(start + 3 * BUCKET_MS);
    expect(signedFilePath(config, 'u1', 'f1', start)).toBe(
      signedFilePath(config, 'u1', 'f1', start + 599_000),
    );
    expect(signedFilePath(config, 'u1', 'f1', start)).not.toBe(
      signedFilePath(config, 'u1', 'f1', start + BUCKET_MS),
    );
  });

  it('check: valid for that owner and file until exp; expired after; invalid when anything else differs', () => {
    const now = Date.now();
    const url = new URL(signedFilePath(config, 'u1', 'f1', now), 'http://x');
    const given = { exp: url.searchParams.get('exp')!, sig: url.searchParams.get('sig')! };
    expect(url.pathname).toBe('/api/files/download/f1');
    expect(checkFileSignature(config, 'u1', 'f1', given, now)).toBe('valid');
    expect(checkFileSignature(config, 'u1', 'f1', given, Number(given.exp) * 1000)).toBe('expired');
    expect(checkFileSignature(config, 'u1', 'f2', given, now)).toBe('invalid');
    expect(checkFileSignature(config, 'u2', 'f1', given, now)).toBe('invalid');
    expect(checkFileSignature({ secrets: { jwtSecret: 'other' } }, 'u1', 'f1', given, now)).toBe('invalid');
    expect(
      checkFileSignature(config, 'u1', 'f1', { ...given, exp: String(Number(given.exp) + 600) }, now),
    ).toBe('invalid');
    // One character changed (to another one: a signature may itself end in "A").
    const changed = `${given.sig.slice(0, -1)}${given.sig.endsWith('A') ? 'B' : 'A'}`;
    expect(checkFileSignature(config, 'u1', 'f1', { ...given, sig: changed }, now)).toBe('invalid');
    expect(checkFileSignature(config, 'u1', 'f1', { exp: 'soon', sig: given.sig }, now)).toBe('invalid');
    expect(checkFileSignature(config, 'u1', 'f1', {}, now)).toBe('invalid');
  });

  it('signs stored download paths and message files and image parts, and leaves other addresses alone', () => {
    const now = Date.now();
    expect(signStoredPath(config, 'u1', '/api/files/download/f1', now)).toBe(
      signedFilePath(config, 'u1', 'f1', now),
    );
    expect(signStoredPath(config, 'u1', 'https://example.com/me.png', now)).toBe(
      'https://example.com/me.png',
    );
    const message = {
      messageId: 'm',
      conversationId: 'c',
      parentMessageId: 'p',
      sender: 'User',
      text: '',
      isCreatedByUser: true,
      error: false,
      unfinished: false,
      createdAt: '',
      updatedAt: '',
      files: [{ file_id: 'f1', filepath: '/api/files/download/f1', type: 'image/png' }],
      content: [
        { type: 'image_file' as const, image_file: { file_id: 'f2', filepath: '/api/files/download/f2' } },
        { type: 'text' as const, text: { value: 'hi' } },
      ],
    };
    const signed = signMessageFiles(config, 'u1', message, now);
    expect(signed.files?.[0]?.filepath).toBe(signedFilePath(config, 'u1', 'f1', now));
    expect(signed.content?.[0]).toEqual({
      type: 'image_file',
      image_file: { file_id: 'f2', filepath: signedFilePath(config, 'u1', 'f2', now) },
    });
    expect(signed.content?.[1]).toEqual(message.content[1]);
    // The message itself is left as it was (what is stored keeps the plain path).
    expect(message.files[0]!.filepath).toBe('/api/files/download/f1');
  });
});

describe.each(testDialects())('downloads through signed URLs on %s', (dialect) => {
  let t: FilesTestApp;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  const put = async (token: string, name: string, data: Buffer) =>
    (await upload(t.app, token, imageForm(name, data))).json<UploadResponse>();
  const plainGet = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves the file of a signed URL without a token, with the same headers as with the token', async () => {
    t = await buildFilesApp(dialect);
    const ann = await newUser(t.app);
    const png = await image(12, 8);
    const picture = await put(ann.token, 'cat.png', png);
    expect(picture.filepath).toMatch(/^\/api\/files\/download\/[\w-]+\?exp=\d+&sig=[\w-]+$/);
    const res = await plainGet(picture.filepath);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(png);
    const withToken = await t.app.inject({
      method: 'GET',
      url: picture.filepath.split('?')[0]!,
      headers: auth(ann.token),
    });
    const { date: _a, ...signedHeaders } = res.headers;
    const { date: _b, ...tokenHeaders } = withToken.headers;
    expect(signedHeaders).toEqual(tokenHeaders);
  });

  it('refuses an expired URL (401) and a changed or moved signature (403), with clear messages', async () => {
    t = await buildFilesApp(dialect);
    const ann = await newUser(t.app);
    const bob = await newUser(t.app);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    const picture = await put(ann.token, 'cat.png', await image(12, 8));
    const other = await put(ann.token, 'dog.png', await image(10, 10));
    const bobs = await put(bob.token, 'bob.png', await image(9, 9));
    const query = picture.filepath.split('?')[1]!;
    const forged = query.replace(/sig=([\w-])/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    const refusals = [
      `/api/files/download/${picture.file_id}?${forged}`,
      // Ann's signature moved to her other file, and to Bob's file.
      `/api/files/download/${other.file_id}?${query}`,
      `/api/files/download/${bobs.file_id}?${query}`,
      `/api/files/download/no-such-file?${query}`,
      `/api/files/download/${picture.file_id}?exp=99999999999&sig=x`,
    ];
    for (const url of refusals) {
      const res = await plainGet(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json<ApiErrorBody>()).toEqual({ code: 'FORBIDDEN', message: UPLOAD_MESSAGES.linkInvalid });
    }
    expect((await plainGet(picture.filepath)).statusCode).toBe(200);
    vi.setSystemTime(Date.now() + 2 * BUCKET_MS);
    const late = await plainGet(picture.filepath);
    expect(late.statusCode).toBe(401);
    expect(late.json<ApiErrorBody>()).toEqual({ code: 'UNAUTHORIZED', message: UPLOAD_MESSAGES.linkExpired });
    // The token still reads it (a fresh one: the clock moved past the first), and the list signs it anew.
    const token = (await postRefresh(t.app, ann.cookie)).json<{ token: string }>().token;
    expect(
      (await t.app.inject({ method: 'GET', url: picture.filepath, headers: auth(token) })).statusCode,
    ).toBe(200);
    const list = (await t.app.inject({ method: 'GET', url: '/api/files', headers: auth(token) })).json<
      UploadResponse[]
    >();
    const fresh = list.find((f) => f.file_id === picture.file_id)!.filepath;
    expect(fresh).not.toBe(picture.filepath);
    expect((await plainGet(fresh)).statusCode).toBe(200);
  });

  it("never reaches another user's file: a bearer token of another user is still a 404", async () => {
    t = await buildFilesApp(dialect);
    const ann = await newUser(t.app);
    const bob = await newUser(t.app);
    const picture = await put(ann.token, 'cat.png', await image(12, 8));
    const res = await t.app.inject({ method: 'GET', url: picture.filepath, headers: auth(bob.token) });
    expect(res.statusCode).toBe(404);
  });

  it("answers the user's avatar as a signed URL that loads without a token", async () => {
    t = await buildFilesApp(dialect);
    const ann = await newUser(t.app);
    const res = await upload(t.app, ann.token, {
      url: '/api/files/images/avatar',
      fileField: 'input',
      file: { name: 'me.png', data: await image(300, 300), type: 'image/png' },
      fields: { manual: 'true' },
    });
    const { url } = res.json<{ url: string }>();
    expect(url).toMatch(/\?exp=\d+&sig=/);
    const avatar = (await getUser(t.app, ann.token)).json<PublicUser>().avatar!;
    expect(avatar).toMatch(/^\/api\/files\/download\/[\w-]+\?exp=\d+&sig=[\w-]+$/);
    expect((await plainGet(avatar)).statusCode).toBe(200);
    // Stored plain: the signature is made per answer.
    const row = await t.deps.database.db.selectFrom('users').select('avatar').executeTakeFirstOrThrow();
    expect(row.avatar).toBe(avatar.split('?')[0]);
  });
});
