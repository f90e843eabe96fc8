import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FileConfigAnswer, UploadResponse } from '@parley/shared';
import { newConversation, newMessage, newUser, PASSWORD } from '../factories.test-helpers';
import { FILE_URL_BUCKET_SECONDS } from '../../src/features/files/file-url';
import { buildFilesApp, image, type FilesTestApp } from '../../src/features/files/files.test-helpers';
import { LibreChatClient } from './client.test-helpers';

// The LibreChat client's file handling against Parley (docs/reference/files.md (File limits; Reading a file)): it
// reads the file config's sizes as megabytes, and shows images with a plain `<img src={filepath}>`, which sends no
// Authorization header.

const MB = 1024 * 1024;

describe('LibreChat client files', () => {
  let t: FilesTestApp;
  let base: string;
  afterEach(async () => {
    vi.useRealTimers();
    await t?.close();
  });

  async function signedIn(fileConfig?: Parameters<typeof buildFilesApp>[1]) {
    t = await buildFilesApp('sqlite', fileConfig);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { user } = await newUser(t.app, { email: 'files@example.com' });
    const client = new LibreChatClient(base);
    await client.login('files@example.com', PASSWORD);
    return { client, userId: user.id };
  }

  /** The client's upload: a multipart form with its bearer token. */
  async function uploadImage(client: LibreChatClient, name: string, data: Buffer) {
    const form = new FormData();
    form.append('file_id', `temp-${name}`);
    form.append('endpoint', 'openAI');
    form.append('width', '12');
    form.append('height', '8');
    form.append('file', new Blob([new Uint8Array(data)], { type: 'image/png' }), name);
    const res = await fetch(`${base}/api/files/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}` },
      body: form,
    });
    expect(res.status).toBe(201);
    return (await res.json()) as UploadResponse;
  }

  /** What `<img src>` does: a GET of the address on the page's origin, without an Authorization header. */
  async function imgLoad(src: string) {
    // One connection per load, so closing the app never waits on a kept-alive socket.
    const res = await fetch(new URL(src, base), { headers: { connection: 'close' } });
    // Read to the end, as the browser does (an unread body would hold the connection open).
    const body = Buffer.from(await res.arrayBuffer());
    return {
      status: res.status,
      headers: res.headers,
      body,
      json: () => JSON.parse(body.toString()) as unknown,
    };
  }

  it('reads the file config sizes as megabytes: its own check lets a file of exactly the limit through', async () => {
    const { client } = await signedIn({
      fileConfig: { endpoints: { openAI: { fileSizeLimit: 0.5, totalSizeLimit: 2 } }, avatarSizeLimit: 1.5 },
    });
    const config = await client.get<FileConfigAnswer>('/api/files/config');
    const openAI = config.endpoints['openAI']!;
    expect(openAI).toMatchObject({ fileSizeLimit: 0.5, totalSizeLimit: 2 });
    expect(config.endpoints['default']).toMatchObject({ fileSizeLimit: 20, totalSizeLimit: 25 });
    expect(config).toMatchObject({ serverFileSizeLimit: 512, avatarSizeLimit: 1.5 });
    // The client's pre-upload checks, as it makes them.
    const fits = (size: number) => size <= openAI.fileSizeLimit * 1024 * 1024;
    expect([fits(MB / 2), fits(MB / 2 + 1)]).toEqual([true, false]);
    const startup = await client.get<{ avatarSizeLimit: number }>('/api/config');
    // Megabytes (this test app sets the file rules only, so the startup config has the default 2 MB).
    expect(startup.avatarSizeLimit).toBe(2);
  });

  it("shows an uploaded image from its filepath with a plain GET, and a message's image too", async () => {
    const { client, userId } = await signedIn();
    const png = await image(12, 8);
    const uploaded = await uploadImage(client, 'cat.png', png);
    const shown = await imgLoad(uploaded.filepath);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual(png);
    expect(shown.headers.get('content-type')).toBe('image/png');

    const listed = await client.get<UploadResponse[]>('/api/files');
    expect((await imgLoad(listed[0]!.filepath)).status).toBe(200);

    // A message stored with the file, as a send keeps it (the plain path), read back as the client does.
    const db = t.deps.database.db;
    const conversationId = await newConversation(db, userId);
    await newMessage(db, userId, conversationId, {
      files: JSON.stringify([
        { file_id: uploaded.file_id, filepath: `/api/files/download/${uploaded.file_id}`, type: 'image/png' },
      ]),
    });
    // (Read as JSON only: whether the client's message schema takes the rest of a message is another test's.)
    const messages = await client.get<{ files?: { filepath?: string }[] }[]>(
      `/api/messages/${conversationId}`,
    );
    const filepath = messages[0]!.files![0]!.filepath!;
    expect(filepath).toMatch(/\?exp=\d+&sig=/);
    expect((await imgLoad(filepath)).status).toBe(200);
  });

  it('stops serving a filepath after its expiry, with a changed signature, or for another file id', async () => {
    const { client } = await signedIn();
    const first = await uploadImage(client, 'one.png', await image(12, 8));
    const second = await uploadImage(client, 'two.png', await image(12, 8));
    const query = first.filepath.split('?')[1]!;
    const changed = query.replace(/sig=(.)/, (_m, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`);
    expect((await imgLoad(`/api/files/download/${first.file_id}?${changed}`)).status).toBe(403);
    expect((await imgLoad(`/api/files/download/${second.file_id}?${query}`)).status).toBe(403);
    expect((await imgLoad(first.filepath.split('?')[0]!)).status).toBe(401);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * FILE_URL_BUCKET_SECONDS * 1000 });
    const expired = await imgLoad(first.filepath);
    expect(expired.status).toBe(401);
    expect((expired.json() as { message: string }).message).toMatch(/expired/);
  });
  it('uploads a file without dimensions at /api/files and a profile picture as `input` at the avatar path', async () => {
    const { client } = await signedIn();
    const form = new FormData();
    form.append('file_id', 'temp-plain');
    form.append('endpoint', 'openAI');
    form.append('file', new Blob([new Uint8Array(await image(4, 4))], { type: 'image/png' }), 'plain.png');
    const plain = await fetch(`${base}/api/files`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}` },
      body: form,
    });
    expect(plain.status).toBe(201);
    const uploaded = (await plain.json()) as UploadResponse;
    expect(uploaded).toMatchObject({ temp_file_id: 'temp-plain', file_id: expect.any(String) });
    expect((await imgLoad(uploaded.filepath)).status).toBe(200);

    // The client's profile-picture form: the image as `input`, and `manual`.
    const avatarForm = new FormData();
    avatarForm.append(
      'input',
      new Blob([new Uint8Array(await image(64, 64))], { type: 'image/png' }),
      'me.png',
    );
    avatarForm.append('manual', 'true');
    const avatar = await fetch(`${base}/api/files/images/avatar`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}` },
      body: avatarForm,
    });
    expect(avatar.status).toBe(200);
    const { url } = (await avatar.json()) as { url: string };
    // The client shows the new picture from `url` and later from the user's `avatar`, both without a token.
    expect((await imgLoad(url)).status).toBe(200);
    const user = await client.get<{ avatar: string }>('/api/user');
    expect((await imgLoad(user.avatar)).status).toBe(200);
  });
});
