import { utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@parley/shared';
import { testDialects } from '../../../test/dialects.test-helpers';
import { markFilesDeleting } from './files.repository';
import { noisePng } from './file-samples.test-helpers';
import {
  allFileRows,
  buildFilesApp,
  image,
  imageForm,
  storedObjects,
  tempFiles,
  upload,
  type FilesTestApp,
} from './files.test-helpers';
import { repairUnfinishedFiles } from './repair.service';
import { storageKey, type FileStorage } from './storage/file-storage';
import { createLocalStorage } from './storage/local.storage';
import { uploadTempDir } from './temp-files';
import { newFile, newUser } from '../../../test/factories.test-helpers';

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** The data folder's storage, but its put fails: before writing anything, or after writing the whole object. */
function failingStorage(dataDir: string, when: 'before' | 'after', deletes: string[]): FileStorage {
  const local = createLocalStorage(dataDir);
  return {
    source: 'local',
    get: (key) => local.get(key),
    delete: async (key) => {
      deletes.push(key);
      await local.delete(key);
    },
    async put(key, body, type) {
      if (when === 'after') await local.put(key, body, type);
      else body.destroy();
      throw new Error('the storage is unreachable');
    },
  };
}

describe.each(testDialects())('failed uploads and the repair on %s', (dialect) => {
  let t: FilesTestApp;
  afterEach(async () => t?.close());

  it.each(['before', 'after'] as const)(
    'a put that fails %s writing leaves no row, object or temporary file',
    async (when) => {
      const deletes: string[] = [];
      t = await buildFilesApp(dialect, { storage: (dataDir) => failingStorage(dataDir, when, deletes) });
      const { token, user } = await newUser(t.app);
      const res = await upload(t.app, token, imageForm('big.png', await noisePng(900, 900)));
      expect(res.statusCode).toBe(500);
      expect(res.json<ApiErrorBody>()).toEqual({
        code: 'INTERNAL',
        message: 'An error occurred while uploading the file.',
      });
      expect(await allFileRows(t)).toEqual([]);
      expect(storedObjects(t.dataDir)).toEqual([]);
      expect(tempFiles(t.dataDir)).toEqual([]);
      expect(deletes).toHaveLength(1);
      expect(deletes[0]).toMatch(new RegExp(`^${user.id}/`));
    },
  );

  it('finishes rows a crash left pending or deleting, and leaves recent ones and ready ones alone', async () => {
    t = await buildFilesApp(dialect);
    const { token, user } = await newUser(t.app);
    const { db } = t.deps.database;
    const storage = await t.services.storage();
    const now = Date.now();
    // A crash between the put and markFileReady: a pending row and its object.
    const pendingRow = async (updatedAt: number) => {
      const bytes = Buffer.from('bytes');
      const at = iso(updatedAt);
      const file = await newFile(db, user.id, {
        filename: 'a.png',
        bytes,
        storage,
        status: 'pending',
        messageFile: 0,
        at,
      });
      return file.storage_key;
    };
    const crashedUpload = await pendingRow(now);
    const recentUpload = await pendingRow(now + 10 * MINUTE);
    // A crash between markFilesDeleting and the object's removal.
    const deleting = (await upload(t.app, token, imageForm('d.png', await image(5, 5)))).json<{
      file_id: string;
    }>();
    await markFilesDeleting(db, user.id, [deleting.file_id], iso(now));
    const kept = (await upload(t.app, token, imageForm('k.png', await image(5, 5)))).json<{
      file_id: string;
    }>();
    // Temporary files: one a crash left an hour ago, one being written now.
    const tmp = uploadTempDir(t.dataDir);
    writeFileSync(join(tmp, 'upload-stale'), 'x');
    utimesSync(join(tmp, 'upload-stale'), new Date(now - 60 * MINUTE), new Date(now - 60 * MINUTE));
    writeFileSync(join(tmp, 'upload-live'), 'x');

    expect(await repairUnfinishedFiles(t.deps, t.services)).toEqual({ files: 0, temporary: 1 });
    expect(await allFileRows(t)).toHaveLength(4);
    const result = await repairUnfinishedFiles(t.deps, t.services, { now: now + 20 * MINUTE });
    expect(result).toEqual({ files: 2, temporary: 0 });
    const rows = await allFileRows(t);
    expect(rows.map((r) => [r.storage_key, r.status]).sort()).toEqual(
      [
        [recentUpload, 'pending'],
        [storageKey(user.id, kept.file_id), 'ready'],
      ].sort(),
    );
    expect(storedObjects(t.dataDir).sort()).toEqual([recentUpload, storageKey(user.id, kept.file_id)].sort());
    expect(storedObjects(t.dataDir)).not.toContain(crashedUpload);
    expect(tempFiles(t.dataDir)).toEqual(['upload-live']);
  });
});

describe('a refused upload over a real connection', () => {
  let t: FilesTestApp | undefined;
  afterEach(async () => t?.close());

  it('is answered while the client is still sending, and its connection does not hold the close open', async () => {
    t = await buildFilesApp('sqlite', { fileConfig: { serverFileSizeLimit: 1 } });
    const { token } = await newUser(t.app);
    const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
    const form = new FormData();
    form.append('file_id', 'x');
    form.append('endpoint', 'openAI');
    form.append('file', new Blob([new Uint8Array(8 * 1024 * 1024)], { type: 'image/png' }), 'a.png');
    const res = await fetch(`${address}/api/files`, {
      method: 'POST',
      body: form,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as ApiErrorBody).code).toBe('PAYLOAD_TOO_LARGE');
    const started = Date.now();
    await t.close();
    t = undefined;
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

it('receives uploads in the folder the local storage stages its writes in, so one sweep covers both', () => {
  expect(uploadTempDir('/srv/parley')).toBe(join(createLocalStorage('/srv/parley').root, '.tmp'));
});
