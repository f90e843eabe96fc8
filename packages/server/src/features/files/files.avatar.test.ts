import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type {
  ApiErrorBody,
  AvatarResponse,
  FileConfigAnswer,
  PublicUser,
  StartupConfig,
} from '@parley/shared';
import { buildApp } from '../../app';
import { loadConfig } from '../../config/load-config';
import { freshDatabase, testDialects, type TestDatabase } from '../../../test/dialects.test-helpers';
import { getUser } from '../auth/auth.test-helpers';
import { claimAvatar } from './avatar.repository';
import { UPLOAD_MESSAGES } from './files.messages';
import { noisePng } from './file-samples.test-helpers';
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
import { newFile, newUser } from '../../../test/factories.test-helpers';

const avatarForm = (name: string, data: Buffer, type: string) => ({
  url: '/api/files/images/avatar',
  fileField: 'input',
  file: { name, data, type },
  fields: { manual: 'true' },
});

describe.each(testDialects())('profile pictures on %s', (dialect) => {
  let t: FilesTestApp;
  afterEach(async () => t?.close());

  const avatarOf = async (token: string) => (await getUser(t.app, token)).json<PublicUser>().avatar;
  /** The stored path of a signed one (answers sign it anew each 10 minutes). */
  const unsigned = (path: string | null | undefined) => path?.split('?')[0];

  it('stores a PNG as a 250 px square, sets the user avatar and removes the picture it replaces', async () => {
    t = await buildFilesApp(dialect);
    const { token, user } = await newUser(t.app);
    const first = await upload(t.app, token, avatarForm('me.png', await image(600, 400), 'image/png'));
    expect(first.statusCode).toBe(200);
    const { url } = first.json<AvatarResponse>();
    expect(url).toMatch(/^\/api\/files\/download\/[\w-]+\?exp=\d+&sig=[\w-]+$/);
    expect(unsigned(await avatarOf(token))).toBe(unsigned(url));
    const stored = (await t.app.inject({ method: 'GET', url, headers: auth(token) })).rawPayload;
    const meta = await sharp(stored).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 250, 250]);
    const [row] = await allFileRows(t);
    expect(row).toMatchObject({
      context: 'avatar',
      status: 'ready',
      type: 'image/png',
      width: 250,
      height: 250,
    });

    const second = await upload(
      t.app,
      token,
      avatarForm('me.jpg', await image(200, 500, 'jpeg'), 'image/jpeg'),
    );
    const next = second.json<AvatarResponse>().url;
    expect(next).not.toBe(url);
    expect(unsigned(await avatarOf(token))).toBe(unsigned(next));
    const rows = await allFileRows(t);
    expect(rows.map((r) => `/api/files/download/${r.file_id}`)).toEqual([unsigned(next)]);
    expect(storedObjects(t.dataDir)).toEqual([`${user.id}/${rows[0]!.file_id}`]);
    expect((await t.app.inject({ method: 'GET', url, headers: auth(token) })).statusCode).toBe(404);
  });

  it('refuses other types by content, and pictures over the avatar limit, leaving the avatar as it was', async () => {
    t = await buildFilesApp(dialect);
    const { token } = await newUser(t.app);
    const refused = async (form: ReturnType<typeof avatarForm>, message: string) => {
      const res = await upload(t.app, token, form);
      expect({ status: res.statusCode, body: res.json<ApiErrorBody>() }).toEqual({
        status: 400,
        body: { code: 'VALIDATION', message, field: expect.any(String) as string },
      });
    };
    const big = await noisePng(900, 900);
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const res = await upload(t.app, token, avatarForm('big.png', big, 'image/png'));
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>()).toMatchObject({
      code: 'VALIDATION',
      message: 'File size exceeds 2 MB.',
    });
    await refused(
      avatarForm('anim.gif', await image(50, 50, 'gif'), 'image/gif'),
      'Currently, unsupported file type: image/gif',
    );
    await refused(
      avatarForm('me.png', await image(50, 50, 'gif'), 'image/png'),
      'Currently, unsupported file type: image/gif',
    );
    await refused(
      avatarForm('me.gif', await image(50, 50), 'image/gif'),
      'Currently, unsupported file type: image/gif',
    );
    expect(await avatarOf(token)).toBeUndefined();
    expect(await allFileRows(t)).toEqual([]);
    expect(tempFiles(t.dataDir)).toEqual([]);
  });

  it("applies the YAML's avatarSizeLimit", async () => {
    t = await buildFilesApp(dialect, { fileConfig: { avatarSizeLimit: 0.25 } });
    const { token } = await newUser(t.app);
    const big = await noisePng(400, 400);
    expect(big.length).toBeGreaterThan(0.25 * 1024 * 1024);
    const res = await upload(t.app, token, avatarForm('me.png', big, 'image/png'));
    expect(res.json<ApiErrorBody>().message).toBe('File size exceeds 0.25 MB.');
  });

  it('two pictures saved at once: the avatar names a picture that is kept, and only that one', async () => {
    t = await buildFilesApp(dialect);
    const { token, user } = await newUser(t.app);
    const pictures = await Promise.all(
      Array.from({ length: 6 }, (_, i) => image(300 + i * 10, 300, i % 2 ? 'jpeg' : 'png')),
    );
    const answers = await Promise.all(
      pictures.map((data, i) =>
        upload(t.app, token, avatarForm(`me${i}.png`, data, i % 2 ? 'image/jpeg' : 'image/png')),
      ),
    );
    for (const res of answers) {
      if (res.statusCode !== 200) {
        expect({ status: res.statusCode, body: res.json<ApiErrorBody>() }).toEqual({
          status: 409,
          body: { code: 'CONFLICT', message: UPLOAD_MESSAGES.avatarSuperseded },
        });
      }
    }
    expect(answers.some((res) => res.statusCode === 200)).toBe(true);
    const avatar = await avatarOf(token);
    const rows = await allFileRows(t);
    expect(rows.map((r) => `/api/files/download/${r.file_id}`)).toEqual([unsigned(avatar)]);
    expect(rows[0]!.status).toBe('ready');
    expect(storedObjects(t.dataDir)).toEqual([`${user.id}/${rows[0]!.file_id}`]);
    expect((await t.app.inject({ method: 'GET', url: avatar!, headers: auth(token) })).statusCode).toBe(200);
  });

  it('a picture replaced while it was being saved is not set: the avatar stays on the one that replaced it', async () => {
    t = await buildFilesApp(dialect);
    const { user } = await newUser(t.app);
    const { db } = t.deps.database;
    const at = new Date().toISOString();
    const stored = (fileId: string) =>
      newFile(db, user.id, {
        fileId,
        bytes: Buffer.alloc(1),
        filename: 'avatar.png',
        width: 250,
        height: 250,
        context: 'avatar',
        messageFile: 0,
        at,
      });
    // Both pictures are stored before either is claimed, as two saves at the same moment leave them.
    const [first, second] = [randomUUID(), randomUUID()];
    await stored(first);
    await stored(second);
    expect(await claimAvatar(db, user.id, first, `/api/files/download/${first}`, at)).toEqual({
      set: true,
      replaced: [second],
    });
    expect(await claimAvatar(db, user.id, second, `/api/files/download/${second}`, at)).toEqual({
      set: false,
      replaced: [],
    });
    const row = await db
      .selectFrom('users')
      .select('avatar')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.avatar).toBe(`/api/files/download/${first}`);
    const statuses = Object.fromEntries((await allFileRows(t)).map((r) => [r.file_id, r.status]));
    expect(statuses).toEqual({ [first]: 'ready', [second]: 'deleting' });
  });
});

describe.each(testDialects())('file config from the YAML on %s', (dialect) => {
  const dirs: string[] = [];
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('answers the merged config, in bytes, and GET /api/config shows the same avatar limit', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'parley-files-config-'));
    dirs.push(dir);
    const yaml = [
      'version: 1.0.3',
      'fileConfig:',
      '  endpoints:',
      '    openAI: { fileLimit: 3, fileSizeLimit: 5, supportedMimeTypes: ["^image/png$"] }',
      '    anthropic: { disabled: true }',
      '  serverFileSizeLimit: 100',
      '  avatarSizeLimit: 3',
    ].join('\n');
    writeFileSync(join(dir, 'parley.yaml'), yaml);
    const { config } = loadConfig({
      env: { DATA_DIR: dir, CONFIG_PATH: join(dir, 'parley.yaml') },
      cwd: dir,
    });
    database = await freshDatabase(dialect);
    const app = await buildApp({ config: { ...config, logLevel: 'silent' }, database, redis: null });
    const { token } = await newUser(app);
    const res = await app.inject({ method: 'GET', url: '/api/files/config', headers: auth(token) });
    // Sizes in megabytes, as LibreChat clients read them; the per-user quota in bytes, as /api/files/usage.
    const body = res.json<FileConfigAnswer>();
    expect(body).toMatchObject({ serverFileSizeLimit: 100, avatarSizeLimit: 3, userStorageLimit: 1024 ** 3 });
    expect(body.endpoints.openAI).toEqual({
      fileLimit: 3,
      fileSizeLimit: 5,
      totalSizeLimit: 25,
      supportedMimeTypes: ['^image/png$'],
      disabled: false,
    });
    expect(body.endpoints.anthropic).toMatchObject({ disabled: true, fileSizeLimit: 20 });
    expect(body.endpoints.assistants).toMatchObject({ fileSizeLimit: 100, totalSizeLimit: 100 });
    const startup = (await app.inject({ method: 'GET', url: '/api/config' })).json<StartupConfig>();
    expect(startup.avatarSizeLimit).toBe(3);
    expect((await app.inject({ method: 'GET', url: '/api/files/config' })).statusCode).toBe(401);
    await app.close();
  });
});
