import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../src/config/file-settings';

/** s3rver accepts any signature made with these keys. */
const KEYS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface TestS3Server {
  endpoint: string;
  bucket: string;
  /** Settings for createS3Storage / `files.s3` pointing at this server. */
  settings: S3Settings;
  /** Every request the server received, as `METHOD /path?query`. */
  requests: string[];
  /** The keys of the objects in the bucket, sorted (through the S3 API, as any client sees them). */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

/** A real S3-compatible server (s3rver) on 127.0.0.1, a free port, a temp folder, with one empty bucket. */
export async function startS3Server(bucket = 'parley-test'): Promise<TestS3Server> {
  const directory = mkdtempSync(join(tmpdir(), 'parley-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const requests: string[] = [];
  server.httpServer?.on('request', (req: { method?: string; url?: string }) =>
    requests.push(`${req.method} ${req.url}`),
  );
  const endpoint = `http://127.0.0.1:${port}`;
  const settings: S3Settings = { bucket, region: 'us-east-1', endpoint, ...KEYS };
  const client = new S3Client({ region: 'us-east-1', endpoint, forcePathStyle: true, credentials: KEYS });
  return {
    endpoint,
    bucket,
    settings,
    requests,
    async keys() {
      const list = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (list.Contents ?? []).map((o) => o.Key ?? '').sort();
    },
    async close() {
      client.destroy();
      // Keep-alive sockets of clients not yet destroyed would hold close() open.
      server.httpServer?.closeAllConnections();
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
