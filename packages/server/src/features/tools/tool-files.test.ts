import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { MB, type FileRecord } from '@parley/shared';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import {
  allFileRows,
  auth,
  buildFilesApp,
  image,
  storedObjects,
  tempFiles,
  type FilesTestApp,
} from '../files/files.test-helpers';
import type { FilesContext } from '../files/store-file';
import { ToolError } from './tool';
import { createToolFileSaver } from './tool-files';

describe.each(testDialects())('saving a file a tool made on %s', (dialect) => {
  let t: FilesTestApp;
  afterEach(async () => t?.close());

  const filesContext = async (): Promise<FilesContext> => ({
    deps: t.deps,
    storage: await t.services.storage(),
    storageForSource: t.services.storageForSource,
    log: t.app.log,
  });
  const listFiles = async (token: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/files', headers: auth(token) })).json<FileRecord[]>();

  it("stores the image as the user's, measured, and answers the part that shows it", async () => {
    t = await buildFilesApp(dialect);
    const user = await newUser(t.app);
    const png = await image(48, 32);
    const save = createToolFileSaver(await filesContext(), user.user.id, { newFileId: () => 'img-1' });

    const part = await save({ filename: 'a red fox.png', type: 'image/png', bytes: png });

    expect(part).toEqual({
      type: 'image_file',
      image_file: {
        file_id: 'img-1',
        filepath: '/api/files/download/img-1',
        filename: 'a red fox.png',
        width: 48,
        height: 32,
      },
    });
    const [listed, ...others] = await listFiles(user.token);
    expect(others).toEqual([]);
    expect(listed).toMatchObject({
      file_id: 'img-1',
      filename: 'a red fox.png',
      type: 'image/png',
      bytes: png.byteLength,
      source: 'local',
      context: 'image_generation',
      width: 48,
      height: 32,
      message_file: false,
    });
    const download = await t.app.inject({
      method: 'GET',
      url: '/api/files/download/img-1',
      headers: auth(user.token),
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(png)).toBe(true);
    expect(tempFiles(t.dataDir)).toEqual([]);
  });

  it('stores any other file as a plain file of the context the tool names, and answers a link to it', async () => {
    t = await buildFilesApp(dialect);
    const user = await newUser(t.app);
    const save = createToolFileSaver(await filesContext(), user.user.id, { newFileId: () => 'csv-1' });
    const csv = Buffer.from('total\n5\n');

    const part = await save({
      filename: 'total.csv',
      type: 'text/csv',
      bytes: csv,
      context: 'assistants_output',
    });

    expect(part).toEqual({ type: 'text', text: { value: '[total.csv](/api/files/download/csv-1)' } });
    const [listed, ...others] = await listFiles(user.token);
    expect(others).toEqual([]);
    expect(listed).toMatchObject({
      file_id: 'csv-1',
      filename: 'total.csv',
      type: 'text/csv',
      bytes: csv.byteLength,
      context: 'assistants_output',
    });
    expect(listed).not.toHaveProperty('width');
    const download = await t.app.inject({
      method: 'GET',
      url: '/api/files/download/csv-1',
      headers: auth(user.token),
    });
    expect(download.rawPayload.equals(csv)).toBe(true);
  });

  it('keeps the size the tool gave without reading the image', async () => {
    t = await buildFilesApp(dialect);
    const user = await newUser(t.app);
    const save = createToolFileSaver(await filesContext(), user.user.id);
    const part = await save({
      filename: 'x.png',
      type: 'image/png',
      bytes: await image(8, 8),
      width: 1024,
      height: 1792,
    });
    expect(part.type === 'image_file' && part.image_file).toMatchObject({ width: 1024, height: 1792 });
    expect((await listFiles(user.token))[0]).toMatchObject({ width: 1024, height: 1792 });
  });

  it('refuses a file past the quota and leaves nothing behind', async () => {
    t = await buildFilesApp(dialect, { fileConfig: { userStorageLimit: 1 } });
    const user = await newUser(t.app);
    const save = createToolFileSaver(await filesContext(), user.user.id);
    const file = (bytes: number) => ({
      filename: 'big.png',
      type: 'image/png',
      bytes: randomBytes(bytes),
      width: 1,
      height: 1,
    });
    await save(file(MB - 10));
    const before = storedObjects(t.dataDir);

    const refused = await save(file(11)).catch((error: unknown) => error);

    expect(refused).toBeInstanceOf(ToolError);
    expect((refused as Error).message).toMatch(/^Your files cannot take more than 1 MB in total/);
    expect(await allFileRows(t)).toHaveLength(1);
    expect(storedObjects(t.dataDir)).toEqual(before);
    expect(tempFiles(t.dataDir)).toEqual([]);
  });

  it('refuses bytes that are not an image when no size is given', async () => {
    t = await buildFilesApp(dialect);
    const user = await newUser(t.app);
    const save = createToolFileSaver(await filesContext(), user.user.id);
    await expect(
      save({ filename: 'x.png', type: 'image/png', bytes: Buffer.from('no image') }),
    ).rejects.toThrow(new ToolError('The tool made an image that could not be read.'));
    expect(await allFileRows(t)).toEqual([]);
  });
});
