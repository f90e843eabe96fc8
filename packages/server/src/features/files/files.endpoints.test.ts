import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody, UploadResponse } from '@parley/shared';
import { testDialects } from '../../../test/dialects.test-helpers';
import { UPLOAD_MESSAGES } from './files.messages';
import { DOCUMENTS } from './file-samples.test-helpers';
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
import { newUser } from '../../../test/factories.test-helpers';

// The files test app configures openAI and anthropic only; no server ever configures `assistants`.
describe.each(testDialects())('upload endpoints on %s', (dialect) => {
  let t: FilesTestApp;
  afterEach(async () => t?.close());

  const text = (endpoint: string, data: string | Buffer, fileFirst = false) => ({
    file: { name: 'notes.txt', data, type: 'text/plain' },
    fields: { file_id: 'tmp', endpoint },
    fileFirst,
  });
  const refusal = (res: Awaited<ReturnType<typeof upload>>) => ({
    status: res.statusCode,
    body: res.json<ApiErrorBody>(),
  });
  const unknown = {
    status: 400,
    body: { code: 'VALIDATION', message: UPLOAD_MESSAGES.endpointUnknown, field: 'endpoint' },
  };

  it('refuses `assistants` when it is not configured: 60 MB of text is cut at once, wherever the field is', async () => {
    t = await buildFilesApp(dialect);
    const { token } = await newUser(t.app);
    const big = Buffer.alloc(60 * 1024 * 1024, 'a');
    expect(refusal(await upload(t.app, token, text('assistants', big)))).toEqual(unknown);
    // Named after the file: received up to the server cap, then refused all the same.
    expect(refusal(await upload(t.app, token, text('assistants', 'a few words', true)))).toEqual(unknown);
    expect(await allFileRows(t)).toEqual([]);
    expect(storedObjects(t.dataDir)).toEqual([]);
    expect(tempFiles(t.dataDir)).toEqual([]);
  });

  it('answers 400, never 500, for endpoints named like Object properties, before or after the file', async () => {
    t = await buildFilesApp(dialect, { fileConfig: { endpoints: { openAI: { fileLimit: 3 } } } });
    const { token } = await newUser(t.app);
    const png = await image(4, 4);
    for (const endpoint of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      for (const fileFirst of [false, true]) {
        const res = await upload(t.app, token, {
          ...imageForm('a.png', png, 'image/png', { endpoint }),
          fileFirst,
        });
        expect(refusal(res), `${endpoint} ${fileFirst ? 'after' : 'before'} the file`).toEqual(unknown);
      }
    }
    expect(await allFileRows(t)).toEqual([]);
  });

  it('takes uploads for the configured endpoints, each under its own rules', async () => {
    t = await buildFilesApp(dialect, { fileConfig: DOCUMENTS });
    const { token } = await newUser(t.app);
    expect((await upload(t.app, token, text('openAI', 'plain words'))).statusCode).toBe(201);
    const png = await image(4, 4);
    const anthropic = await upload(
      t.app,
      token,
      imageForm('a.png', png, 'image/png', { endpoint: 'anthropic' }),
    );
    expect(anthropic.json<UploadResponse>()).toMatchObject({ type: 'image/png', filename: 'a.png' });
    // anthropic keeps the default rules: images only.
    const refused = await upload(t.app, token, text('anthropic', 'plain words'));
    expect(refusal(refused)).toMatchObject({
      status: 400,
      body: { message: 'Currently, unsupported file type: text/plain' },
    });
  });
});
