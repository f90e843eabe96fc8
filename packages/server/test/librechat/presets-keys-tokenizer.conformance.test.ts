import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.test-helpers';
import { startChatApp, type ChatApp } from '../../src/features/chat/chat.test-helpers';
import { clientPresetSchema, nullPaths } from './client-schemas.test-helpers';
import { OPENAI_OPTIONS } from './client-chat.test-helpers';
import { type LibreChatClient } from './client.test-helpers';
import { signedInClient, useSimulator } from './conformance.test-helpers';

// The client's preset, key and token-count calls as its API library sends them: `deletePreset(preset)` posts the
// bare preset and `deletePreset(undefined)` posts no body at all; `getUserKey` reads `{expiresAt}` (null: no key);
// `tokenizer` wraps the text as `{arg}`.

const simulator = useSimulator();

type ClientPreset = Record<string, unknown> & { presetId: string; title: string };

describe.each(testDialects())('LibreChat client: presets, keys and the tokenizer on %s', (dialect) => {
  let app: ChatApp;
  let client: LibreChatClient;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator);
  });
  beforeEach(async () => {
    client = await signedInClient(app, 'new user');
  });
  afterAll(() => app.close());

  /** The client's "save preset": the conversation's options plus a title, posted bare. */
  const savePreset = (title: string) =>
    client.post<ClientPreset[]>('/api/presets', { ...OPENAI_OPTIONS, presetId: null, title });

  it('saves presets (answering the list), deletes one by the bare preset, then all with no body', async () => {
    await savePreset('First');
    const list = await savePreset('Second');
    expect(list.map((p) => p.title).sort()).toEqual(['First', 'Second']);
    for (const preset of list) clientPresetSchema.parse(preset);

    const first = list.find((p) => p.title === 'First')!;
    expect(await client.post('/api/presets/delete', first)).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await client.get<ClientPreset[]>('/api/presets')).map((p) => p.title)).toEqual(['Second']);

    await savePreset('Third');
    expect(await client.post('/api/presets/delete')).toEqual({ acknowledged: true, deletedCount: 2 });
    expect(client.sent.at(-1)).toBe('POST /api/presets/delete');
    expect(await client.get('/api/presets')).toEqual([]);
  });

  it('reads a missing key as {expiresAt: null}, a stored one as its expiry', async () => {
    expect(await client.get('/api/keys?name=anthropic')).toEqual({ expiresAt: null });
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    await client.put('/api/keys', { name: 'anthropic', value: 'sk-ant-user', expiresAt });
    const stored = await client.get<{ expiresAt: string }>('/api/keys?name=anthropic');
    expect(Date.parse(stored.expiresAt)).toBe(Date.parse(expiresAt));
    await client.delete('/api/keys/anthropic');
    expect(nullPaths(await client.get('/api/keys?name=anthropic'), ['expiresAt'])).toEqual([]);
    expect(await client.get('/api/keys?name=anthropic')).toEqual({ expiresAt: null });
  });

  it('revokes every key with DELETE /api/keys?all=true', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    await client.put('/api/keys', { name: 'anthropic', value: 'sk-ant-user', expiresAt });
    await client.put('/api/keys', { name: 'openAI', value: 'sk-openai-user', expiresAt });
    await client.delete('/api/keys?all=true');
    expect(await client.get('/api/keys?name=anthropic')).toEqual({ expiresAt: null });
    expect(await client.get('/api/keys?name=openAI')).toEqual({ expiresAt: null });
  });

  it('counts tokens of {arg: text}', async () => {
    const wrapped = await client.post<{ count: number }>('/api/tokenizer', { arg: 'hello world' });
    const plain = await client.post<{ count: number }>('/api/tokenizer', { text: 'hello world' });
    expect(wrapped).toEqual(plain);
    expect(wrapped.count).toBeGreaterThan(0);
  });
});
