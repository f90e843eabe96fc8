import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSim, type Sim } from '@parley/sim';
import { API, NIL_UUID, NO_VISION_MESSAGE, type UploadResponse } from '@parley/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../../../test/dialects.test-helpers';
import { answeredFactsOf, pngOf, type StoredFile } from './chat-files.test-helpers';
import {
  dataUrl,
  echoLine,
  imageUrls,
  lastTurnParts,
  openAIPart,
  wireRequestOf,
  type Loose,
} from './chat-vision.test-helpers';
import { newFile, type NewFileInput } from '../../../test/factories.test-helpers';
import { createLocalStorage, type LocalStorage } from '../files/storage/local.storage';
import { ask, edit, get, messagesOf, startChatApp, type ChatApp } from './chat.test-helpers';
import { customEndpoint } from '../../providers/provider-config.test-helpers';

let simulator: Sim;
beforeAll(async () => {
  simulator = await startSim({ defaults: { rate: 0 } });
});
afterAll(() => simulator.close());

const fresh = { parentMessageId: NIL_UUID, conversationId: null };
/** The one generation request the sim received for a send whose text holds `marker`. */
const wireRequest = (marker: string) => wireRequestOf(simulator, marker);

const FAMILIES = [
  { endpoint: 'openAI', model: 'gpt-4o', detail: 'auto', part: (f: StoredFile) => openAIPart(f, 'auto') },
  {
    endpoint: 'azureOpenAI',
    model: 'gpt-4o',
    detail: 'auto',
    part: (f: StoredFile) => openAIPart(f, 'auto'),
  },
  {
    endpoint: 'anthropic',
    model: 'claude-3-opus-20240229',
    part: (f: StoredFile) => ({
      type: 'image',
      source: { type: 'base64', media_type: f.type, data: f.bytes.toString('base64') },
    }),
  },
  {
    endpoint: 'google',
    model: 'gemini-1.5-pro',
    part: (f: StoredFile) => ({ inlineData: { mimeType: f.type, data: f.bytes.toString('base64') } }),
  },
  { endpoint: 'Mistral', model: 'llava', detail: 'auto', part: (f: StoredFile) => openAIPart(f, 'auto') },
];

describe.each(testDialects())('images sent to vision models on %s', (dialect) => {
  let app: ChatApp;
  let dir: string;
  let storage: LocalStorage;
  /** A ready file of the user's, its bytes in the app's storage. */
  const store = (userId: string, file: NewFileInput) =>
    newFile(app.database.db, userId, { storage, ...file });
  let seed = 0;
  const image = async () => store(app.userId, { bytes: await pngOf(4, 3, (seed += 1)) });
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'parley-vision-'));
    const baseURL = `${simulator.url}/custom/v1`;
    app = await startChatApp(dialect, simulator, {
      dataDir: dir,
      titleConvo: false,
      // The operator marks models that read images, on a custom endpoint and on a built-in one.
      custom: [
        customEndpoint({ baseURL, visionModels: ['mistral-small'] }),
        customEndpoint({ name: 'Flat', baseURL, forcePrompt: true }),
      ],
      builtIn: { openAI: { visionModels: ['my-vl-*'] } },
    });
    storage = createLocalStorage(dir);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => simulator.clearRequests());
  const countOf = async (table: 'messages' | 'conversations') =>
    Number(
      (
        await app.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', app.userId)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const messageCount = () => countOf('messages');
  const conversationCount = () => countOf('conversations');

  it.each(FAMILIES)('$endpoint: the image goes in the wire format, and the reply echoes it', async (f) => {
    const file = await image();
    const marker = `Describe ${f.endpoint}`;
    const res = await ask(app, f.endpoint, {
      ...fresh,
      text: marker,
      model: f.model,
      files: [{ file_id: file.file_id }],
    });
    expect(res.status).toBe(200);
    const { final, deltas } = res.events;
    expect(final?.responseMessage.error).toBe(false);
    const wire = wireRequest(marker);
    expect(lastTurnParts(wire.body)).toContainEqual(f.part(file));
    expect(wire.images).toEqual([
      { mediaType: 'image/png', bytes: file.bytes.length, ...(f.detail ? { detail: f.detail } : {}) },
    ]);
    expect(deltas.join('')).toContain(echoLine(file, f.detail));
    expect(final!.requestMessage.files).toEqual([answeredFactsOf(file)]);
    const saved = await messagesOf(app, final!.conversation.conversationId);
    expect(saved[0]!.files).toEqual([answeredFactsOf(file)]);
  });

  it('imageDetail reaches OpenAI as the image detail, and a custom endpoint inside image_url', async () => {
    const file = await image();
    const low = await ask(app, 'openAI', {
      ...fresh,
      text: 'Low one',
      model: 'gpt-4o',
      imageDetail: 'low',
      files: [{ file_id: file.file_id }],
    });
    expect(lastTurnParts(wireRequest('Low one').body)).toContainEqual(openAIPart(file, 'low'));
    expect(low.events.deltas.join('')).toContain(echoLine(file, 'low'));
    await ask(app, 'Mistral', {
      ...fresh,
      text: 'High one',
      model: 'llava',
      imageDetail: 'high',
      files: [{ file_id: file.file_id }],
    });
    const part = lastTurnParts(wireRequest('High one').body).find((p: Loose) => p.type === 'image_url');
    expect(part).toEqual(openAIPart(file, 'high'));
  });

  it('resendImages off sends only the newest message images; on, the earlier ones too', async () => {
    const [a, b] = [await image(), await image()];
    const first = await ask(app, 'openAI', {
      ...fresh,
      text: 'First',
      model: 'gpt-4o',
      files: [{ file_id: a.file_id }],
    });
    const { conversationId } = first.events.final!.conversation;
    const parentMessageId = first.events.final!.responseMessage.messageId;
    const next = (text: string, resendImages: boolean) =>
      ask(app, 'openAI', {
        text,
        conversationId,
        parentMessageId,
        model: 'gpt-4o',
        resendImages,
        files: [{ file_id: b.file_id }],
      });
    await next('Second, not resent', false);
    expect(imageUrls(wireRequest('Second, not resent').body)).toEqual([dataUrl(b)]);
    const resent = await next('Second, resent', true);
    expect(imageUrls(wireRequest('Second, resent').body)).toEqual([dataUrl(a), dataUrl(b)]);
    expect(resent.events.deltas.join('')).toContain(`${echoLine(a, 'auto')}\n${echoLine(b, 'auto')}`);
  });

  it("a regenerated reply sees the question's images again, and an edited question keeps them", async () => {
    const file = await image();
    const first = await ask(app, 'openAI', {
      ...fresh,
      text: 'Regenerate me',
      model: 'gpt-4o',
      files: [{ file_id: file.file_id }],
    });
    const { conversationId } = first.events.final!.conversation;
    const question = first.events.final!.requestMessage;
    simulator.clearRequests();

    const again = await edit(app, 'openAI', {
      text: question.text,
      conversationId,
      parentMessageId: question.messageId,
      isRegenerate: true,
      model: 'gpt-4o',
    });
    expect(again.status).toBe(200);
    expect(imageUrls(wireRequest('Regenerate me').body)).toEqual([dataUrl(file)]);
    expect(again.events.deltas.join('')).toContain(echoLine(file, 'auto'));

    const edited = await edit(app, 'openAI', {
      text: 'Edited question',
      conversationId,
      parentMessageId: NIL_UUID,
      isEdited: true,
      editedMessageId: question.messageId,
      editedText: 'Edited question',
      model: 'gpt-4o',
      files: question.files,
    });
    expect(edited.status).toBe(200);
    expect(imageUrls(wireRequest('Edited question').body)).toEqual([dataUrl(file)]);
    expect(edited.events.final!.requestMessage).toMatchObject({
      text: 'Edited question',
      files: [answeredFactsOf(file)],
    });
    expect(edited.events.final!.requestMessage.messageId).not.toBe(question.messageId);
  });

  it('a model that cannot read images is refused them with 400, and nothing is saved', async () => {
    const file = await image();
    const before = { messages: await messageCount(), conversations: await conversationCount() };
    const res = await ask(app, 'openAI', {
      ...fresh,
      text: 'Blind one',
      model: 'gpt-3.5-turbo',
      files: [{ file_id: file.file_id }],
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({
      code: 'VALIDATION',
      message: 'This model cannot read images; choose a model that can, or remove the image.',
      field: 'files',
    });
    expect(simulator.requests()).toEqual([]);
    expect(await messageCount()).toBe(before.messages);
    expect(await conversationCount()).toBe(before.conversations);
    // In an existing conversation too: the question is not added.
    const first = await ask(app, 'openAI', { ...fresh, text: 'Plain first', model: 'gpt-3.5-turbo' });
    const { conversationId } = first.events.final!.conversation;
    const again = await ask(app, 'openAI', {
      text: 'Blind two',
      conversationId,
      parentMessageId: first.events.final!.responseMessage.messageId,
      model: 'gpt-3.5-turbo',
      files: [{ file_id: file.file_id }],
    });
    expect(again.status).toBe(400);
    expect(await messagesOf(app, conversationId)).toHaveLength(2);
  });

  it('a saved question with an image is not answered again by a model that cannot read it', async () => {
    const file = await image();
    const first = await ask(app, 'openAI', {
      ...fresh,
      text: 'Seen once',
      model: 'gpt-4o',
      files: [{ file_id: file.file_id }],
    });
    expect(first.status).toBe(200);
    const { requestMessage, responseMessage, conversation } = first.events.final!;
    const conversationId = conversation.conversationId;
    simulator.clearRequests();
    const blind = { conversationId, parentMessageId: requestMessage.messageId, model: 'gpt-3.5-turbo' };
    const sends = {
      regenerate: { ...blind, text: 'Seen once', isRegenerate: true },
      continue: { ...blind, text: '', isContinued: true, responseMessageId: responseMessage.messageId },
      'edit a reply and continue': {
        ...blind,
        text: '',
        isEdited: true,
        isContinued: true,
        editedMessageId: responseMessage.messageId,
        editedText: 'Changed',
      },
    };
    for (const [what, body] of Object.entries(sends)) {
      const res = await edit(app, 'openAI', body);
      expect({ what, status: res.status, body: JSON.parse(res.body) }).toEqual({
        what,
        status: 400,
        body: { code: 'VALIDATION', message: NO_VISION_MESSAGE, field: 'files' },
      });
    }
    expect(simulator.requests()).toEqual([]);
    // Nothing written: the reply keeps its text, no sibling was added.
    const saved = await messagesOf(app, conversationId);
    expect(saved.map((m) => [m.messageId, m.text])).toEqual([
      [requestMessage.messageId, 'Seen once'],
      [responseMessage.messageId, responseMessage.text],
    ]);
    // A model that reads images answers it again, image included.
    const again = await edit(app, 'openAI', { ...sends.regenerate, model: 'gpt-4o' });
    expect(again.status).toBe(200);
    expect(imageUrls(wireRequest('Seen once').body)).toEqual([dataUrl(file)]);
  });

  it('a forcePrompt endpoint, whose prompt is one text, is refused images even for a vision model', async () => {
    const file = await image();
    const res = await ask(app, 'Flat', {
      ...fresh,
      text: 'Flat one',
      model: 'llava',
      files: [{ file_id: file.file_id }],
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).message).toBe(NO_VISION_MESSAGE);
  });

  it.each([
    { endpoint: 'openAI', model: 'my-vl-7b' },
    { endpoint: 'Mistral', model: 'mistral-small' },
  ])('$endpoint: a model the operator marked as reading images gets them', async ({ endpoint, model }) => {
    const file = await image();
    const marker = `Marked ${endpoint}`;
    const res = await ask(app, endpoint, {
      ...fresh,
      text: marker,
      model,
      files: [{ file_id: file.file_id }],
    });
    expect(res.status).toBe(200);
    expect(imageUrls(wireRequest(marker).body)).toEqual([dataUrl(file)]);
    expect(res.events.deltas.join('')).toContain(echoLine(file, 'auto'));
    expect(res.events.final!.requestMessage.files).toEqual([answeredFactsOf(file)]);
  });

  it('GET /api/endpoints names the models the operator marked, on the endpoints that have some', async () => {
    const config = (await (await get(app, app.token, API.endpoints)).json()) as Loose;
    expect(config.openAI.visionModels).toEqual(['my-vl-*']);
    expect(config.gptPlugins.visionModels).toEqual(['my-vl-*']);
    expect(config.Mistral.visionModels).toEqual(['mistral-small']);
    expect(config.anthropic).not.toHaveProperty('visionModels');
    expect(config.Flat).not.toHaveProperty('visionModels');
  });

  it('an image whose bytes are gone from storage is left out, and the turn still answers', async () => {
    const [kept, lost] = [await image(), await image()];
    await storage.delete(lost.storage_key);
    const res = await ask(app, 'openAI', {
      ...fresh,
      text: 'Half gone',
      model: 'gpt-4o',
      files: [{ file_id: lost.file_id }, { file_id: kept.file_id }],
    });
    expect(res.status).toBe(200);
    expect(res.events.final!.responseMessage.error).toBe(false);
    expect(imageUrls(wireRequest('Half gone').body)).toEqual([dataUrl(kept)]);
    expect(res.events.final!.requestMessage.files).toEqual([answeredFactsOf(lost), answeredFactsOf(kept)]);
  });

  it('end to end: an image uploaded through POST /api/files/images reaches the model as stored', async () => {
    const form = new FormData();
    for (const [key, value] of Object.entries({
      file_id: 'temp-1',
      endpoint: 'openAI',
      width: '1',
      height: '1',
    }))
      form.append(key, value);
    form.append(
      'file',
      new Blob([new Uint8Array(await pngOf(6, 5, 99))], { type: 'image/png' }),
      'cat%20photo.png',
    );
    const res = await fetch(`${app.base}${API.filesImages}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${app.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    const uploaded = (await res.json()) as UploadResponse;
    expect(uploaded).toMatchObject({ temp_file_id: 'temp-1', type: 'image/png', width: 6, height: 5 });
    const stored = Buffer.from(await (await get(app, app.token, uploaded.filepath)).arrayBuffer());
    const { file_id, filepath, type, width, height } = uploaded;
    const sent = await ask(app, 'openAI', {
      ...fresh,
      text: 'Uploaded one',
      model: 'gpt-4o',
      files: [{ file_id, filepath, type, width, height }],
    });
    expect(sent.status).toBe(200);
    const file = { file_id, bytes: stored, type: 'image/png', width: 6, height: 5 };
    expect(lastTurnParts(wireRequest('Uploaded one').body)).toContainEqual(openAIPart(file, 'auto'));
    expect(sent.events.deltas.join('')).toContain(echoLine(file, 'auto'));
    expect(sent.events.final!.requestMessage.files).toEqual([answeredFactsOf(file)]);
  });
});
