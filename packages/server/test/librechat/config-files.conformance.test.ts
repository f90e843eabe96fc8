import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDialects } from '../dialects.test-helpers';
import { startChatApp, type ChatApp } from '../../src/features/chat/chat.test-helpers';
import { image, imageForm, upload } from '../../src/features/files/files.test-helpers';
import { LibreChatClient } from './client.test-helpers';
import { refusal, signedInClient, useSimulator } from './conformance.test-helpers';

// The start-up config the client reads before sign-in (it lists the endpoints), and the file sources it may name
// when deleting files (`firebase` among them).

const simulator = useSimulator();
let dataDir: string;
beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'parley-lc-files-'));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe.each(testDialects())('LibreChat client: config and file sources on %s', (dialect) => {
  let app: ChatApp;
  beforeAll(async () => {
    app = await startChatApp(dialect, simulator, { dataDir: join(dataDir, dialect) });
  });
  afterAll(() => app.close());

  it('GET /api/config before sign-in lists the configured endpoints in menu order', async () => {
    const config = await new LibreChatClient(app.base).get<{ endpoints: string[] }>('/api/config');
    const client = await signedInClient(app);
    const listed = await client.get<Record<string, { order: number }>>('/api/endpoints');
    const inOrder = Object.entries(listed)
      .sort(([, a], [, b]) => a.order - b.order)
      .map(([name]) => name);
    expect(config.endpoints).toEqual(inOrder);
    expect(config.endpoints).toContain('Mistral');
  });

  it('DELETE /api/files takes source firebase, and refuses a source no client names', async () => {
    const client = await signedInClient(app);
    const uploaded = await upload(app.app, app.token, imageForm('a.png', await image(12, 8)));
    expect(uploaded.statusCode).toBe(201);
    const { file_id, filepath } = uploaded.json<{ file_id: string; filepath: string }>();
    const deleted = await client.delete('/api/files', { files: [{ file_id, filepath, source: 'firebase' }] });
    expect(deleted).toMatchObject({ deleted: [file_id] });
    expect(await client.get('/api/files')).toEqual([]);
    const unknown = client.delete('/api/files', { files: [{ file_id, filepath, source: 'dropbox' }] });
    expect((await refusal(unknown)).status).toBe(400);
  });
});
