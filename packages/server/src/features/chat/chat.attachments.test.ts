import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim, type Sim } from '@parley/sim';
import { API, MB, NIL_UUID, NO_VISION_MESSAGE } from '@parley/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { factsOf, signedPathOf, pngOf } from './chat-files.test-helpers';
import { createLocalStorage, type LocalStorage } from '../files/storage/local.storage';
import { ask, get, messagesOf, startChatApp, type ChatApp } from './chat.test-helpers';
import { newFile, type NewFileInput, newUser } from '../../../test/factories.test-helpers';

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

const fresh = { parentMessageId: NIL_UUID, conversationId: null };
const refusal = (res: { status: number; body: string }) => ({
  status: res.status,
  ...(JSON.parse(res.body) as { code: string; message: string }),
});

describe.each(testDialects())('files attached to a send on %s', (dialect) => {
  let app: ChatApp;
  let dir: string;
  let storage: LocalStorage;
  /** A ready file of the user's, its bytes in the app's storage. */
  const store = (userId: string, file: NewFileInput) =>
    newFile(app.database.db, userId, { storage, ...file });
  const conversationCount = async () =>
    ((await (await get(app, app.token, `${API.convos}?pageNumber=1`)).json()) as { conversations: unknown[] })
      .conversations.length;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parley-attach-'));
    app = await startChatApp(dialect, simulator, {
      dataDir: dir,
      titleConvo: false,
      fileConfig: {
        endpoints: {
          openAI: { fileLimit: 20 },
          Mistral: { fileLimit: 2, fileSizeLimit: 1, totalSizeLimit: 1.5 },
        },
      },
    });
    storage = createLocalStorage(dir);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses another user's file or an unknown id with 400, and writes nothing", async () => {
    const other = await newUser(app.app);
    const theirs = await store(other.user.id, { bytes: await pngOf(2, 2) });
    const before = await conversationCount();
    for (const file_id of [theirs.file_id, 'no-such-file']) {
      const res = await ask(app, 'openAI', {
        ...fresh,
        text: 'Mine?',
        model: 'gpt-4o',
        files: [{ file_id }],
      });
      expect(refusal(res)).toMatchObject({
        status: 400,
        code: 'VALIDATION',
        message: `Attached file not found: ${file_id}. It may have been deleted; attach it again.`,
      });
    }
    expect(await conversationCount()).toBe(before);
    const first = await ask(app, 'openAI', { ...fresh, text: 'Start', model: 'gpt-4o' });
    const { conversationId } = first.events.final!.conversation;
    const parentMessageId = first.events.final!.responseMessage.messageId;
    const res = await ask(app, 'openAI', {
      text: 'Again',
      conversationId,
      parentMessageId,
      files: [{ file_id: theirs.file_id }],
    });
    expect(res.status).toBe(400);
    expect(await messagesOf(app, conversationId)).toHaveLength(2);
  });

  it('a vision model takes at most 10 images in one message', async () => {
    const bytes = await pngOf(2, 2);
    const eleven = await Promise.all(Array.from({ length: 11 }, () => store(app.userId, { bytes })));
    const ids = eleven.map((f) => ({ file_id: f.file_id }));
    const vision = await ask(app, 'openAI', { ...fresh, text: 'Many', model: 'gpt-4o', files: ids });
    expect(refusal(vision)).toMatchObject({
      status: 400,
      message: 'A vision model takes up to 10 images at once.',
    });
    const ten = await ask(app, 'openAI', { ...fresh, text: 'Ten', model: 'gpt-4o', files: ids.slice(0, 10) });
    expect(ten.status).toBe(200);
    // A model that reads no image is refused any (chat.vision.test.ts), whatever their number.
    const blind = await ask(app, 'openAI', { ...fresh, text: 'Many', model: 'gpt-3.5-turbo', files: ids });
    expect(refusal(blind)).toMatchObject({ status: 400, message: NO_VISION_MESSAGE });
  });

  it("applies the endpoint's count, size, total and type rules with the documented messages", async () => {
    const small = await pngOf(2, 2);
    const three = await Promise.all([1, 2, 3].map(() => store(app.userId, { bytes: small })));
    const ids = (list: { file_id: string }[]) => list.map((f) => ({ file_id: f.file_id }));
    const send = (endpoint: string, list: { file_id: string }[]) =>
      ask(app, endpoint, { ...fresh, text: 'Limits', model: 'llava', files: ids(list) });
    expect(refusal(await send('Mistral', three)).message).toBe(
      'You can only upload up to 2 files at a time.',
    );
    const big = await store(app.userId, { bytes: randomBytes(Math.round(1.2 * MB)) });
    expect(refusal(await send('Mistral', [big])).message).toBe('File size exceeds 1 MB.');
    const [x, y] = await Promise.all(
      [1, 2].map(() => store(app.userId, { bytes: randomBytes(Math.round(0.9 * MB)) })),
    );
    const total = refusal(await send('Mistral', [x!, y!]));
    expect(total).toMatchObject({
      status: 400,
      message: 'The total size of the files cannot exceed 1.5 MB.',
    });
    const pdf = await store(app.userId, {
      bytes: small,
      type: 'application/pdf',
      width: null,
      height: null,
    });
    expect(refusal(await send('openAI', [pdf])).message).toBe(
      'Currently, unsupported file type: application/pdf',
    );
    expect((await send('Mistral', three.slice(0, 2))).status).toBe(200);
  });

  it("keeps the server's facts of each file, not the client's claims", async () => {
    const file = await store(app.userId, { bytes: await pngOf(4, 3), width: 4, height: 3 });
    const res = await ask(app, 'openAI', {
      ...fresh,
      text: 'Facts',
      model: 'gpt-4o',
      files: [
        { file_id: file.file_id, filepath: '/elsewhere', type: 'image/gif', width: 9999, height: 1 },
        { file_id: file.file_id },
      ],
    });
    expect(res.status).toBe(200);
    const facts = factsOf(file);
    expect(facts).toEqual({
      file_id: file.file_id,
      filepath: `/api/files/download/${file.file_id}`,
      type: 'image/png',
      width: 4,
      height: 3,
    });
    const answered = { ...facts, filepath: signedPathOf(file.file_id) };
    expect(res.events.final!.requestMessage.files).toEqual([answered]);
    const saved = await messagesOf(app, res.events.final!.conversation.conversationId);
    expect(saved[0]!.files).toEqual([answered]);
  });
});
