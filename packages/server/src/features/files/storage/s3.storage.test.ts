import { randomBytes } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../../../test/s3-server.test-helpers';
import type { FileStorage } from './file-storage';
import { createS3Storage } from './s3.storage';

const MB = 1024 * 1024;

/** `data` as a stream of 64 KB chunks, the way a multipart request body arrives. */
function chunked(data: Buffer, chunk = 64 * 1024): Readable {
  const parts: Buffer[] = [];
  for (let i = 0; i < data.length; i += chunk) parts.push(data.subarray(i, i + chunk));
  return Readable.from(parts);
}

/** Gives `before` bytes, then fails, as a client that drops the connection mid-upload. */
function failingAfter(before: number): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < before; sent += MB) yield randomBytes(MB);
      throw new Error('client went away');
    })(),
  );
}

describe('S3 storage against a local S3-compatible server', () => {
  let s3: TestS3Server;
  let storage: FileStorage;

  beforeAll(async () => {
    s3 = await startS3Server();
    storage = createS3Storage(s3.settings);
  });
  afterAll(async () => {
    await storage?.close?.();
    await s3?.close();
  });

  async function readBack(key: string): Promise<{ data: Buffer; bytes: number | null }> {
    const got = await storage.get(key);
    if (!got) throw new Error(`nothing under ${key}`);
    return { data: await buffer(got.body), bytes: got.bytes };
  }

  it('stores a small stream in one request and reads it back byte-identical', async () => {
    const data = randomBytes(300 * 1024 + 7);
    const { bytes } = await storage.put('user-a/small', chunked(data), 'image/png');
    expect(bytes).toBe(data.length);
    const back = await readBack('user-a/small');
    expect(back.bytes).toBe(data.length);
    expect(back.data.equals(data)).toBe(true);
    expect(s3.requests.filter((r) => r.includes('/user-a/small') && r.includes('uploads='))).toEqual([]);
  });

  it('stores a 12 MB stream as a multipart upload of 5 MB parts', async () => {
    const data = randomBytes(12 * MB + 123);
    const { bytes } = await storage.put('user-a/large', chunked(data), 'application/pdf');
    expect(bytes).toBe(data.length);
    const parts = s3.requests.filter((r) => r.startsWith('PUT /parley-test/user-a/large?partNumber='));
    expect(parts).toHaveLength(3);
    const back = await readBack('user-a/large');
    expect(back.bytes).toBe(data.length);
    expect(back.data.equals(data)).toBe(true);
  });

  it('keeps each user folder apart', async () => {
    await storage.put('user-b/same-id', chunked(Buffer.from('b')), 'text/plain');
    await storage.put('user-c/same-id', chunked(Buffer.from('c')), 'text/plain');
    expect((await readBack('user-b/same-id')).data.toString()).toBe('b');
    expect((await readBack('user-c/same-id')).data.toString()).toBe('c');
    expect(await s3.keys()).toEqual(expect.arrayContaining(['user-b/same-id', 'user-c/same-id']));
  });

  it('answers null for an absent key', async () => {
    expect(await storage.get('user-a/never-stored')).toBeNull();
  });

  it('deletes, after which get answers null; deleting again is not an error', async () => {
    await storage.put('user-d/gone', chunked(Buffer.from('bye')), 'text/plain');
    await storage.delete('user-d/gone');
    expect(await storage.get('user-d/gone')).toBeNull();
    expect(await s3.keys()).not.toContain('user-d/gone');
    await expect(storage.delete('user-d/gone')).resolves.toBeUndefined();
  });

  it('rejects a small stream that fails, leaving no object', async () => {
    await expect(storage.put('user-e/small-fail', failingAfter(1 * MB), 'image/png')).rejects.toThrow(
      'client went away',
    );
    expect(await s3.keys()).not.toContain('user-e/small-fail');
    expect(await storage.get('user-e/small-fail')).toBeNull();
  });

  it('rejects a stream that fails after parts were sent, aborts the multipart upload, leaves no object', async () => {
    await expect(storage.put('user-e/large-fail', failingAfter(11 * MB), 'image/png')).rejects.toThrow(
      'client went away',
    );
    const mine = s3.requests.filter((r) => r.includes('/user-e/large-fail'));
    expect(mine.some((r) => r.startsWith('PUT') && r.includes('partNumber=1'))).toBe(true);
    // s3rver itself lacks AbortMultipartUpload, so the test checks it was asked for; S3, MinIO and R2 honour it.
    expect(mine.some((r) => r.startsWith('DELETE') && r.includes('uploadId='))).toBe(true);
    expect(mine.some((r) => r.startsWith('POST') && r.includes('uploadId='))).toBe(false);
    expect(await s3.keys()).not.toContain('user-e/large-fail');
  });
});
