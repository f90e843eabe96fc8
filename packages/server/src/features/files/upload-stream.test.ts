import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { AppError } from '../../lib/app-error';
import { tempFiles } from './files.test-helpers';
import { receiveUpload } from './upload-stream';

let app: FastifyInstance | undefined;
let dataDir = '';
afterEach(async () => {
  await app?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A route that receives with a 300 ms deadline and records how the receipt ended. */
async function receiverWithDeadline(outcomes: string[]): Promise<number> {
  dataDir = mkdtempSync(join(tmpdir(), 'parley-receive-'));
  app = Fastify();
  await app.register(multipart);
  app.post('/upload', async (request) => {
    const limit = { bytes: 1e9, refuse: () => new AppError('VALIDATION', 'too big') };
    const options = { dataDir, fileField: 'file', partLimit: 1e9, limitFor: () => limit };
    await receiveUpload(request, { ...options, signal: AbortSignal.timeout(300) }).then(
      () => outcomes.push('received'),
      (error: Error) => outcomes.push(error.message),
    );
    return {};
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return Number(new URL(address).port);
}

it.each([
  ['inside the file', 'name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nthe first bytes'],
  ['between parts', 'name="endpoint"\r\n\r\nopenAI\r\n'],
])('cuts off a client that stalls %s at the deadline, leaving no temporary file', async (_where, part) => {
  const outcomes: string[] = [];
  const port = await receiverWithDeadline(outcomes);
  const socket = connect(port, '127.0.0.1');
  socket.write(
    'POST /upload HTTP/1.1\r\nHost: x\r\nContent-Type: multipart/form-data; boundary=b\r\n' +
      `Content-Length: 100000\r\n\r\n--b\r\nContent-Disposition: form-data; ${part}`,
  );
  await new Promise((resolve) => socket.on('close', resolve));
  await expect.poll(() => outcomes).toEqual(['The upload took too long and was stopped.']);
  expect(tempFiles(dataDir)).toEqual([]);
});

it('leaves no temporary file when the first bytes are already over the limit (the file may not be open yet)', async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'parley-receive-'));
  app = Fastify();
  await app.register(multipart);
  const left: string[][] = [];
  app.post('/upload', async (request, reply) => {
    const limit = { bytes: 0, refuse: () => new AppError('PAYLOAD_TOO_LARGE', 'too big') };
    const options = { dataDir, fileField: 'file', partLimit: 1e9, limitFor: () => limit };
    await receiveUpload(request, { ...options, signal: AbortSignal.timeout(5_000) }).catch(() => {});
    // What the client would find the moment it reads the answer.
    left.push(tempFiles(dataDir));
    return reply.code(413).send({});
  });
  const payload =
    '--b\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\n' +
    `Content-Type: application/octet-stream\r\n\r\n${'x'.repeat(64 * 1024)}\r\n--b--\r\n`;
  for (let i = 0; i < 40; i += 1) {
    const res = await app.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
      payload,
    });
    expect(res.statusCode).toBe(413);
  }
  expect(left.filter((files) => files.length > 0)).toEqual([]);
});
