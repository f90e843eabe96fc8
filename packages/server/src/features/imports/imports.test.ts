import { afterEach, describe, expect, it } from 'vitest';
import {
  MAX_IMPORT_BYTES,
  NIL_UUID,
  type ApiErrorBody,
  type ImportStarted,
  type SearchPage,
} from '@parley/shared';
import type { TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newConversation, newMessage, newUser } from '../../../test/factories.test-helpers';
import { call } from '../messages/messages.test-helpers';
import {
  conversations,
  fixture,
  importApp,
  importFile,
  job,
  messages,
  postImport,
  settle,
  shownBranch,
} from './imports.test-helpers';

const search = async (t: TestApp, token: string, q: string) =>
  (await call(t.app, token, 'GET', `/api/search?q=${encodeURIComponent(q)}`)).json<SearchPage>();

describe.each(testDialects())('conversation import on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('imports a ChatGPT export: every branch kept, the current one shown, images as notes, searchable at once', async () => {
    t = await importApp(dialect);
    const { token } = await newUser(t.app);
    const started = await postImport(t, token, fixture('chatgpt-branch.json'));
    expect(started.statusCode).toBe(202);
    expect(started.json<ImportStarted>()).toMatchObject({ status: 'pending' });
    await settle(t);
    const done = await job(t, token, started.json<ImportStarted>().jobId);
    expect(done).toMatchObject({ status: 'completed', conversations: 2 });
    expect(done.bytesRead).toBe(done.totalBytes);

    const list = await conversations(t, token);
    expect(list.map((c) => c.title).sort()).toEqual(['Capital of Australia', 'Python sort snippet']);
    const capital = list.find((c) => c.title === 'Capital of Australia')!;
    expect(capital).toMatchObject({
      endpoint: 'openAI',
      model: 'gpt-4o',
      createdAt: '2024-05-29T16:26:40.123Z',
    });
    const all = await messages(t, token, capital.conversationId);
    // The hidden system message is left out; its child hangs from the root.
    expect(all).toHaveLength(5);
    const question = all.find((m) => m.text === 'What is the capital of Australia?')!;
    expect(question.parentMessageId).toBe(NIL_UUID);
    const answers = all.filter((m) => m.parentMessageId === question.messageId);
    expect(answers.map((m) => m.text).sort()).toEqual([
      'Canberra has been the capital since 1913 (regenerated answer).',
      'The capital of Australia is Canberra, not Sydney.',
    ]);
    // current_node ends the older answer's branch: that branch is the one on screen.
    expect(shownBranch(all)).toEqual([
      'What is the capital of Australia?',
      'The capital of Australia is Canberra, not Sydney.',
      '[Image not imported]\n\nIs this Parliament House?',
      'Yes, that is Parliament House on Capital Hill.',
    ]);
    expect(all.find((m) => m.text.startsWith('Yes'))).toMatchObject({
      isCreatedByUser: false,
      sender: 'gpt-4o',
    });
    const snippet = list.find((c) => c.title === 'Python sort snippet')!;
    expect((await messages(t, token, snippet.conversationId)).map((m) => m.text)).toContain(
      "```python\nrows.sort(key=lambda r: r['age'])\n```",
    );

    const found = await search(t, token, 'Parliament');
    expect([...new Set(found.messages.map((m) => m.conversationId))]).toEqual([capital.conversationId]);
    expect((await search(t, token, 'Australia')).conversations.map((c) => c.title)).toContain(
      'Capital of Australia',
    );
  });

  it('imports a LibreChat export in sequential form, branches and options kept, files as notes', async () => {
    t = await importApp(dialect);
    const { token } = await newUser(t.app);
    expect(await importFile(t, token, fixture('librechat-sequential.json'))).toMatchObject({
      status: 'completed',
      conversations: 1,
    });
    const [conv] = await conversations(t, token);
    expect(conv).toMatchObject({
      title: 'Packing for Iceland',
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
      temperature: 0.7,
    });
    expect(conv!.conversationId).not.toBe('0b6d3c3e-5a5f-4a55-9d0e-7c1a2f3b4c5d');
    const all = await messages(t, token, conv!.conversationId);
    expect(all).toHaveLength(4);
    expect(shownBranch(all)).toEqual([
      'What should I pack for Iceland in October?',
      'Bring crampons for glacier walks.',
      '[Image not imported: boots.png]\n\nAre these boots fine?\n\n[File not imported: packing-list.pdf]',
    ]);
    const root = all.find((m) => m.parentMessageId === NIL_UUID)!;
    expect(all.filter((m) => m.parentMessageId === root.messageId)).toHaveLength(2);
  });

  it('imports a LibreChat export in tree form', async () => {
    t = await importApp(dialect);
    const { token } = await newUser(t.app);
    expect((await importFile(t, token, fixture('librechat-tree.json'))).status).toBe('completed');
    const [conv] = await conversations(t, token);
    expect(conv).toMatchObject({
      title: 'Sourdough starter',
      endpoint: 'anthropic',
      model: 'claude-sonnet-4',
    });
    const all = await messages(t, token, conv!.conversationId);
    expect(all).toHaveLength(4);
    const first = all.find((m) => m.text.startsWith('That means'))!;
    expect(all.find((m) => m.text === 'How often is often?')!.parentMessageId).toBe(first.messageId);
    expect(shownBranch(all)).toEqual([
      'My sourdough starter smells like acetone.',
      'Hooch and acetone smells are normal for a young starter.',
    ]);
  });

  it("round-trips Parley's own JSON export (sequential and nested)", async () => {
    t = await importApp(dialect);
    const { token, user } = await newUser(t.app);
    const db = t.database.db;
    const id = await newConversation(db, user.id, { title: 'Round trip', model: 'gpt-4o' });
    const q = await newMessage(db, user.id, id, {
      text: 'Name three moons of Jupiter',
      at: '2025-01-01T00:00:00.000Z',
    });
    const a1 = await newMessage(db, user.id, id, {
      parent: q.message_id,
      byUser: false,
      text: 'Io, Europa, Ganymede',
      at: '2025-01-01T00:00:01.000Z',
    });
    await newMessage(db, user.id, id, {
      parent: q.message_id,
      byUser: false,
      text: 'Callisto, Io, Europa',
      at: '2025-01-01T00:00:02.000Z',
    });
    await newMessage(db, user.id, id, {
      parent: a1.message_id,
      text: 'Which is largest?',
      at: '2025-01-01T00:00:03.000Z',
    });
    const original = await messages(t, token, id);
    const exported = {
      conversationId: id,
      title: 'Round trip',
      endpoint: 'openAI',
      options: { temperature: 0.5 },
      messages: original,
    };
    expect((await importFile(t, token, JSON.stringify(exported, null, 2))).status).toBe('completed');
    const nested = (parent: string): object[] =>
      original
        .filter((m) => m.parentMessageId === parent)
        .map((m) => ({ ...m, children: nested(m.messageId) }));
    expect(
      (await importFile(t, token, JSON.stringify({ ...exported, messages: nested(NIL_UUID) }))).status,
    ).toBe('completed');
    const copies = (await conversations(t, token)).filter((c) => c.conversationId !== id);
    expect(copies).toHaveLength(2);
    const shape = (list: typeof original) =>
      list
        .map((m) => [
          m.text,
          m.isCreatedByUser,
          list.find((p) => p.messageId === m.parentMessageId)?.text ?? null,
        ])
        .sort();
    for (const copy of copies) {
      expect(copy).toMatchObject({ title: 'Round trip', temperature: 0.5 });
      const list = await messages(t, token, copy.conversationId);
      expect(shape(list)).toEqual(shape(original));
      expect(shownBranch(list)).toEqual(shownBranch(original));
    }
  });

  it('refuses at once what is plainly not an export, and too large a file', async () => {
    t = await importApp(dialect);
    const { token } = await newUser(t.app);
    const notJson = await postImport(t, token, 'title,text\nhello,world\n', 'chats.csv');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json<ApiErrorBody>().message).toMatch(/not a JSON export/);
    const empty = await postImport(t, token, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ApiErrorBody>().message).toBe('The file is empty.');
    const missing = await call(t.app, token, 'POST', '/api/convos/import');
    expect(missing.statusCode).toBeGreaterThanOrEqual(400);
    expect(missing.statusCode).toBeLessThan(500);
    const big = await postImport(t, token, Buffer.alloc(MAX_IMPORT_BYTES + 1, 0x20));
    expect(big.statusCode).toBe(413);
    expect(big.json<ApiErrorBody>().message).toMatch(/larger than 50 MB/);
    expect(await conversations(t, token)).toEqual([]);
  });

  it('fails the job with a clear message for malformed JSON and an unknown shape, writing nothing', async () => {
    t = await importApp(dialect);
    const { token } = await newUser(t.app);
    const broken = await importFile(t, token, '[{"title": "x", "mapping": {}');
    expect(broken).toMatchObject({ status: 'failed', conversations: 0 });
    expect(broken.error).toMatch(/ends in the middle.*Nothing was imported/);
    const unknown = await importFile(t, token, JSON.stringify({ hello: 'world', items: [1, 2] }));
    expect(unknown.status).toBe('failed');
    expect(unknown.error).toMatch(/not a conversation export Parley knows/);
    const odd = await importFile(t, token, JSON.stringify([{ name: 'not a conversation' }]));
    expect(odd.error).toMatch(/Conversation 1 is not in a format Parley knows/);
    expect(await conversations(t, token)).toEqual([]);
  });

  it('leaves nothing when a file fails part way: conversations already written are removed', async () => {
    t = await importApp(dialect);
    const { token } = await newUser(t.app);
    const good = JSON.parse(fixture('chatgpt-branch.json')) as unknown[];
    // Two conversations are written, then the third is malformed.
    const text = `${JSON.stringify(good).slice(0, -1)}, {"title": "third", "mapping": {"a": 1}} ]`;
    const failed = await importFile(t, token, text);
    expect(failed).toMatchObject({ status: 'failed', conversations: 0 });
    expect(failed.error).toMatch(/Conversation 3: node "a" is not an object/);
    expect(await conversations(t, token)).toEqual([]);
    expect((await search(t, token, 'Parliament')).messages).toEqual([]);
  });

  it('leaves nothing when the server fails in the middle of a file', async () => {
    let writes = 0;
    t = await importApp(dialect, {
      beforeWrite: (position) => {
        writes += 1;
        if (position === 2) throw new Error('disk full');
      },
    });
    const { token } = await newUser(t.app);
    const failed = await importFile(t, token, fixture('chatgpt-branch.json'));
    expect(writes).toBe(2);
    expect(failed).toMatchObject({ status: 'failed', conversations: 0 });
    expect(failed.error).toBe('The import failed on the server; nothing was imported. Try again later.');
    expect(await conversations(t, token)).toEqual([]);
    expect((await search(t, token, 'Australia')).conversations).toEqual([]);
  });

  it("answers 404 for another user's job, and for none", async () => {
    t = await importApp(dialect);
    const alice = await newUser(t.app);
    const bob = await newUser(t.app);
    const res = await postImport(t, alice.token, fixture('librechat-tree.json'));
    const { jobId } = res.json<ImportStarted>();
    await settle(t);
    expect((await call(t.app, bob.token, 'GET', `/api/convos/import/jobs/${jobId}`)).statusCode).toBe(404);
    expect((await call(t.app, alice.token, 'GET', '/api/convos/import/jobs/nope')).statusCode).toBe(404);
    expect((await call(t.app, alice.token, 'GET', `/api/convos/import/jobs/${jobId}`)).statusCode).toBe(200);
    expect(await conversations(t, bob.token)).toEqual([]);
  });
});
