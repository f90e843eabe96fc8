import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, Assistant } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { noisePng } from '../files/file-samples.test-helpers';
import { upload } from '../files/files.test-helpers';
import { assistantsCall, assistantsConfig, insertAssistant } from './assistants.test-helpers';

describe.each(testDialects())("an assistant's avatar on %s", (dialect) => {
  let t: TestApp;
  let dataDir: string;
  afterEach(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const start = async (assistants: Record<string, unknown> = {}) => {
    dataDir = mkdtempSync(join(tmpdir(), 'parley-assistant-avatar-'));
    t = await buildTestApp(dialect, { ...assistantsConfig(assistants), dataDir });
    const a = await newUser(t.app);
    const call = assistantsCall(t.app, a.token);
    const { id } = (
      await call('POST', '/api/assistants', { name: 'Painter', model: 'gpt-4o' })
    ).json<Assistant>();
    const send = (data: Buffer, name = 'avatar.png', type = 'image/png', assistantId = id, token = a.token) =>
      upload(t.app, token, {
        url: `/api/assistants/avatar/${assistantId}`,
        file: { name, data, type },
        fields: { metadata: JSON.stringify({ avatar: 'http://evil.example/x.png' }) },
      });
    return { a, id, call, send };
  };
  const avatarRows = () =>
    t.database.db
      .selectFrom('files')
      .select(['file_id', 'assistant_id', 'context'])
      .where('context', '=', 'avatar')
      .execute();

  it('stores a square PNG as the avatar, answers the assistant, and replaces an earlier one', async () => {
    const { id, call, send } = await start();
    const first = await send(await noisePng(400, 300));
    expect(first.statusCode).toBe(201);
    const assistant = first.json<Assistant>();
    expect(assistant).toMatchObject({
      id,
      name: 'Painter',
      metadata: { avatar: expect.stringMatching(/^\/api\/files\/download\//) },
    });
    const [row] = await avatarRows();
    expect(row).toEqual({ file_id: expect.any(String), assistant_id: id, context: 'avatar' });
    expect(assistant.metadata.avatar).toContain(row!.file_id);
    expect((await call('GET', `/api/assistants/${id}`)).json<Assistant>().metadata).toEqual(
      assistant.metadata,
    );

    const webp = await sharp(await noisePng(64, 64))
      .webp()
      .toBuffer();
    const second = await send(webp, 'face.webp', 'image/webp');
    expect(second.statusCode).toBe(201);
    const rows = await avatarRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.file_id).not.toBe(row!.file_id);
    // A client's metadata cannot point the avatar elsewhere.
    await call('PATCH', `/api/assistants/${id}`, {
      metadata: { avatar: 'http://evil.example/y.png', color: 'blue' },
    });
    expect((await call('GET', `/api/assistants/${id}`)).json<Assistant>().metadata).toEqual({
      avatar: second.json<Assistant>().metadata.avatar,
      color: 'blue',
    });
  });

  it("refuses what is not a PNG, JPEG, GIF or WebP image, or is over the limit, with 'com_ui_upload_invalid'", async () => {
    const { id, call, send } = await start();
    const cases: [Buffer, string, string][] = [
      [Buffer.from('just text, named as a picture'), 'a.png', 'image/png'],
      [Buffer.from('%PDF-1.4\n%%EOF\n'), 'a.pdf', 'application/pdf'],
      // Noise does not compress: 1200 x 1200 is over the default 2 MB limit.
      [await noisePng(1200, 1200), 'big.png', 'image/png'],
    ];
    for (const [data, name, type] of cases) {
      const res = await send(data, name, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json<ApiErrorBody>()).toMatchObject({ code: 'VALIDATION', key: 'com_ui_upload_invalid' });
    }
    expect(await avatarRows()).toEqual([]);
    expect((await call('GET', `/api/assistants/${id}`)).json<Assistant>().metadata).toEqual({});
  });

  it("answers 404 for another user's assistant, storing nothing", async () => {
    const { id, send } = await start();
    const b = await newUser(t.app);
    const res = await send(await noisePng(32, 32), 'a.png', 'image/png', id, b.token);
    expect(res.statusCode).toBe(404);
    expect(await avatarRows()).toEqual([]);
  });

  it('answers 403 while the builder is off, storing nothing', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'parley-assistant-avatar-'));
    t = await buildTestApp(dialect, { ...assistantsConfig({ disableBuilder: true }), dataDir });
    const a = await newUser(t.app);
    await insertAssistant(t.database.db, a.user.id, 'asst_locked');
    const res = await upload(t.app, a.token, {
      url: '/api/assistants/avatar/asst_locked',
      file: { name: 'a.png', data: await noisePng(32, 32), type: 'image/png' },
    });
    expect(res.statusCode).toBe(403);
    expect(await avatarRows()).toEqual([]);
  });
});
