import { afterEach, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '@parley/shared';
import { testDialects } from '../../../test/dialects.test-helpers';
import {
  DOCUMENTS,
  ELF,
  noisePng,
  PDF,
  pngDeclaring,
  truncatedPng,
  windowsExe,
} from './file-samples.test-helpers';
import {
  allFileRows,
  buildFilesApp,
  image,
  imageForm,
  storedObjects,
  tempFiles,
  upload,
  type FilesTestApp,
  type UploadRequest,
} from './files.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';

describe.each(testDialects())('upload refusals on %s', (dialect) => {
  let t: FilesTestApp;
  afterEach(async () => t?.close());

  /** Uploads, expects the refusal, and checks that nothing was left: no row, no object, no temporary file. */
  async function refused(
    token: string,
    request: UploadRequest,
    status: number,
    message: string,
    code?: string,
  ) {
    const res = await upload(t.app, token, request);
    expect({ status: res.statusCode, message: res.json<ApiErrorBody>().message }).toEqual({
      status,
      message,
    });
    expect(res.json<ApiErrorBody>().code).toBe(code ?? (status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION'));
    expect(await allFileRows(t)).toEqual([]);
    expect(storedObjects(t.dataDir)).toEqual([]);
    expect(tempFiles(t.dataDir)).toEqual([]);
  }

  it('refuses a form without endpoint, file_id or file, or with two files', async () => {
    t = await buildFilesApp(dialect);
    const { token } = await newUser(t.app);
    const png = await image(10, 10);
    const form = imageForm('a.png', png);
    await refused(token, { ...form, fields: { file_id: 'x' } }, 400, 'Endpoint is undefined');
    await refused(token, { ...form, fields: { file_id: 'x', endpoint: ' ' } }, 400, 'Endpoint is undefined');
    await refused(token, { ...form, fields: { endpoint: 'openAI' } }, 400, 'file_id is required.');
    await refused(token, { ...form, file: undefined }, 400, 'No file was uploaded.');
    await refused(token, { ...form, fileField: 'other' }, 400, 'Only one file can be uploaded at a time.');
  });

  it('refuses uploads to an endpoint whose uploads are disabled', async () => {
    t = await buildFilesApp(dialect, { fileConfig: { endpoints: { openAI: { disabled: true } } } });
    const { token } = await newUser(t.app);
    const png = await image(10, 10);
    const message = 'File uploads are disabled for this endpoint.';
    await refused(token, imageForm('a.png', png), 400, message);
    await refused(token, { ...imageForm('a.png', png), fileFirst: true }, 400, message);
    const other = await upload(t.app, token, imageForm('a.png', png, 'image/png', { endpoint: 'anthropic' }));
    expect(other.statusCode).toBe(201);
  });

  it("refuses a file over the endpoint's size limit, whether the form names the endpoint first or last", async () => {
    t = await buildFilesApp(dialect, { fileConfig: { endpoints: { default: { fileSizeLimit: 0.5 } } } });
    const { token } = await newUser(t.app);
    const big = await noisePng(500, 500);
    expect(big.length).toBeGreaterThan(512 * 1024);
    await refused(token, imageForm('big.png', big), 400, 'File size exceeds 0.5 MB.');
    await refused(token, { ...imageForm('big.png', big), fileFirst: true }, 400, 'File size exceeds 0.5 MB.');
  });

  it("answers 413 for a file over the server's cap", async () => {
    t = await buildFilesApp(dialect, { fileConfig: { serverFileSizeLimit: 1 } });
    const { token } = await newUser(t.app);
    const huge = await noisePng(700, 700);
    expect(huge.length).toBeGreaterThan(1024 * 1024);
    const message = "The file is larger than the server's limit of 1 MB.";
    await refused(token, imageForm('huge.png', huge), 413, message);
    await refused(token, { ...imageForm('huge.png', huge), fileFirst: true }, 413, message);
  });

  it('refuses an empty file', async () => {
    t = await buildFilesApp(dialect);
    const { token } = await newUser(t.app);
    await refused(token, imageForm('empty.png', Buffer.alloc(0)), 400, 'The file is empty.');
  });

  it('types by content and checks the name too: spoofing fails both ways', async () => {
    t = await buildFilesApp(dialect);
    const { token } = await newUser(t.app);
    const png = await image(10, 10);
    const type = (name: string) => `Currently, unsupported file type: ${name}`;
    // A real image under a name no endpoint takes.
    await refused(token, imageForm('photo.exe', png, 'image/png'), 400, type('application/x-msdownload'));
    await refused(token, imageForm('photo.pdf', png, 'image/png'), 400, type('application/pdf'));
    // An image name and type over other content.
    await refused(token, imageForm('cat.png', ELF, 'image/png'), 400, type('application/x-elf'));
    await refused(
      token,
      imageForm('cat.png', windowsExe(), 'image/png'),
      400,
      type('application/x-msdownload'),
    );
    await refused(token, imageForm('cat.png', 'just some text', 'image/png'), 400, type('text/plain'));
    await refused(token, imageForm('doc.png', PDF, 'image/png'), 400, type('application/pdf'));
    // No name extension: the browser's claim is checked instead.
    await refused(
      token,
      imageForm('photo', png, 'application/x-msdownload'),
      400,
      type('application/x-msdownload'),
    );
  });

  it('refuses binary content under a text name, and non-images on the images route', async () => {
    t = await buildFilesApp(dialect, { fileConfig: DOCUMENTS });
    const { token } = await newUser(t.app);
    const assistants = (name: string, data: Buffer | string, url = '/api/files') => ({
      url,
      file: { name, data, type: 'text/plain' },
      fields: { file_id: 'x', endpoint: 'openAI' },
    });
    const type = (name: string) => `Currently, unsupported file type: ${name}`;
    const binary = Buffer.from([0x01, 0x02, 0x00, 0xff, 0xfe, 0x10, 0x00, 0x00]);
    await refused(token, assistants('notes.txt', binary), 400, type('application/octet-stream'));
    await refused(
      token,
      assistants('notes.txt', Buffer.from([0xc3, 0x28, 0x41])),
      400,
      type('application/octet-stream'),
    );
    await refused(token, assistants('report.pdf', PDF, '/api/files/images'), 400, type('application/pdf'));
    const pdf = await upload(t.app, token, assistants('report.pdf', PDF));
    expect(pdf.statusCode).toBe(201);
  });

  it('refuses an image declaring too many pixels, and a damaged one', async () => {
    t = await buildFilesApp(dialect);
    const { token } = await newUser(t.app);
    await refused(
      token,
      imageForm('bomb.png', await pngDeclaring(20000, 20000)),
      400,
      'The image is too large to process.',
    );
    await refused(
      token,
      imageForm('cut.png', await truncatedPng()),
      400,
      'The image is damaged or cannot be read.',
    );
  });

  it('refuses a form field that is too long, and a body that is not multipart', async () => {
    t = await buildFilesApp(dialect);
    const { token } = await newUser(t.app);
    const form = imageForm('a.png', await image(4, 4), 'image/png', { file_id: 'x'.repeat(5000) });
    await refused(token, form, 400, 'The form field "file_id" is too long.');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { authorization: `Bearer ${token}` },
      payload: { file_id: 'x', endpoint: 'openAI' },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json<ApiErrorBody>().message).toBe('The upload must be sent as multipart/form-data.');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: 'not a form at all',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json<ApiErrorBody>().message).toBe('The upload was interrupted or malformed.');
  });

  it('refuses a form with two files', async () => {
    t = await buildFilesApp(dialect);
    const { token } = await newUser(t.app);
    const png = await image(6, 6);
    const form = new FormData();
    form.append('file_id', 'x');
    form.append('endpoint', 'openAI');
    for (const name of ['a.png', 'b.png']) form.append('file', new Blob([new Uint8Array(png)]), name);
    const encoded = new Request('http://localhost/', { method: 'POST', body: form });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/files',
      headers: { authorization: `Bearer ${token}`, 'content-type': encoded.headers.get('content-type')! },
      payload: Buffer.from(await encoded.arrayBuffer()),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<ApiErrorBody>().message).toBe('Only one file can be uploaded at a time.');
    expect(await allFileRows(t)).toEqual([]);
    expect(tempFiles(t.dataDir)).toEqual([]);
  });
});
