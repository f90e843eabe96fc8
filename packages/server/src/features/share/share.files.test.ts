import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SharedConversation } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newConversation, newFile, newMessage, newUser } from '../../../test/factories.test-helpers';
import { createLocalStorage } from '../files/storage/local.storage';
import { FILE_URL_BUCKET_SECONDS } from '../files/file-url';
import { createLink, readLink } from './share.test-helpers';

// Images of a shared branch load signed out, through signed addresses that stop working after 10 to 20 minutes
// (docs/reference/sharing.md (What a link shows)).

describe.each(testDialects())('files of a shared branch on %s', (dialect) => {
  let t: TestApp;
  let dataDir: string;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers signed addresses that load signed out until they expire; the owner’s other files stay out', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'parley-share-'));
    t = await buildTestApp(dialect, { dataDir });
    const owner = await newUser(t.app);
    const { db } = t.database;
    const storage = createLocalStorage(dataDir);
    const attached = await newFile(db, owner.user.id, { bytes: Buffer.from('attached png'), storage });
    const drawn = await newFile(db, owner.user.id, { bytes: Buffer.from('drawn png'), storage });
    const unshared = await newFile(db, owner.user.id, { bytes: Buffer.from('private png'), storage });
    const conversationId = await newConversation(db, owner.user.id);
    const q = await newMessage(db, owner.user.id, conversationId, {
      text: 'Look',
      files: JSON.stringify([
        { file_id: attached.file_id, filepath: `/api/files/download/${attached.file_id}`, type: 'image/png' },
      ]),
    });
    await newMessage(db, owner.user.id, conversationId, {
      text: 'Drawn',
      parent: q.message_id,
      byUser: false,
      content: JSON.stringify([
        { type: 'text', text: { value: 'Drawn' } },
        {
          type: 'image_file',
          image_file: { file_id: drawn.file_id, filepath: `/api/files/download/${drawn.file_id}` },
        },
        {
          type: 'tool_call',
          tool_call: {
            id: 'c1',
            type: 'function',
            name: 'login',
            auth: 'https://idp.example.com/?state=s',
            expires_at: 1,
          },
        },
      ]),
    });
    const shareId = await createLink(t.app, owner.token, conversationId);

    const signedAt = Date.now();
    const shared = (await readLink(t.app, shareId)).json<SharedConversation>();
    const fileUrl = shared.messages[0]!.files![0]!.filepath!;
    const imagePart = shared.messages[1]!.content!.find((p) => p.type === 'image_file');
    const imageUrl = imagePart?.type === 'image_file' ? imagePart.image_file.filepath! : '';
    const toolPart = shared.messages[1]!.content!.find((p) => p.type === 'tool_call');
    expect(toolPart?.type === 'tool_call' && toolPart.tool_call).toEqual({
      id: 'c1',
      type: 'function',
      name: 'login',
    });
    for (const url of [fileUrl, imageUrl]) {
      expect(url).toMatch(/^\/api\/files\/download\/[^?]+\?exp=\d+&sig=[\w-]+$/);
      const exp = Number(new URL(url, 'http://x').searchParams.get('exp')) * 1000;
      expect(exp - signedAt).toBeLessThanOrEqual(2 * FILE_URL_BUCKET_SECONDS * 1000);
    }
    const image = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.body).toBe('drawn png');
    expect((await t.app.inject({ method: 'GET', url: fileUrl })).body).toBe('attached png');
    // A signature is for its file only: another file of the owner's with it is refused.
    const borrowed = fileUrl.replace(attached.file_id, unshared.file_id);
    expect((await t.app.inject({ method: 'GET', url: borrowed })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/files/download/${unshared.file_id}` })).statusCode,
    ).toBe(401);

    // 20 minutes on, the addresses have expired (reading the link again signs new ones).
    vi.useFakeTimers({ toFake: ['Date'], now: signedAt + 2 * FILE_URL_BUCKET_SECONDS * 1000 + 1000 });
    expect((await t.app.inject({ method: 'GET', url: imageUrl })).statusCode).toBe(401);
    const again = (await readLink(t.app, shareId)).json<SharedConversation>();
    const fresh = again.messages[0]!.files![0]!.filepath!;
    expect(fresh).not.toBe(fileUrl);
    expect((await t.app.inject({ method: 'GET', url: fresh })).statusCode).toBe(200);
  });
});
