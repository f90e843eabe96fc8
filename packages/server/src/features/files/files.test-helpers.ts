import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { mergeFileConfig, type FileConfigInput } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import type { AppServices } from '../../app-services';
import { buildApp } from '../../app';
import { DEFAULT_UPLOAD_LIMITS, type FilesSettings } from '../../config/file-settings';
import type { DialectName } from '../../db/database';
import type { YamlConfig } from '../../config/yaml.schema';
import { freshDatabase } from '../../../test/dialects.test-helpers';
import { testConfig } from '../../../test/app.test-helpers';
import type { FileStorage } from './storage/file-storage';
import { uploadTempDir } from './temp-files';

// Shared by the files API tests; not part of the app.

export interface FilesTestOptions {
  /** The YAML `fileConfig` (sizes in MB). */
  fileConfig?: FileConfigInput;
  uploadLimits?: Partial<FilesSettings['uploadLimits']>;
  /** Other file settings (the S3 tests pass `strategy: 's3'` and `s3`). */
  files?: Partial<FilesSettings>;
  /** A storage to use instead of the configured one, made over the test's data folder. */
  storage?: (dataDir: string) => FileStorage;
  /** Rate limits in this Redis, under this key prefix (two apps with one prefix share counts). */
  redis?: { url: string; prefix: string };
}

export interface FilesTestApp {
  app: FastifyInstance;
  deps: AppDeps;
  services: AppServices;
  dataDir: string;
  close(): Promise<void>;
}

/** An app over a fresh database and a fresh data folder (uploads land there, not in ./data). */
export async function buildFilesApp(
  dialect: DialectName,
  options: FilesTestOptions = {},
): Promise<FilesTestApp> {
  const database = await freshDatabase(dialect);
  const dataDir = mkdtempSync(join(tmpdir(), 'parley-files-'));
  const redis = options.redis ? new Redis(options.redis.url, { maxRetriesPerRequest: 2 }) : null;
  const prefix = options.redis?.prefix ?? `parley-test:files:${randomBytes(6).toString('hex')}:`;
  const config = testConfig({
    dataDir,
    yaml: options.fileConfig ? ({ version: '1.0.3', fileConfig: options.fileConfig } as YamlConfig) : null,
    rateLimits: { rateLimitPrefix: prefix },
  });
  // Uploads are taken for configured endpoints only: these two are (the `assistants` endpoint never is).
  config.providers = { openAI: { apiKey: 'sk-files' }, anthropic: { apiKey: 'sk-ant-files' } };
  config.files = {
    strategy: 'local',
    fileConfig: mergeFileConfig(options.fileConfig),
    // High by default so only the rate-limit tests meet the limits.
    uploadLimits: { ...DEFAULT_UPLOAD_LIMITS, ipMax: 1000, userMax: 1000, ...options.uploadLimits },
    s3: null,
    ...options.files,
  };
  const deps: AppDeps = { config, database, redis };
  const fileStorage = options.storage?.(dataDir);
  const app = await buildApp(deps, { checkResponses: true, ...(fileStorage && { fileStorage }) });
  await app.ready();
  return {
    app,
    deps,
    services: app.services,
    dataDir,
    close: async () => {
      await app.close();
      await database.cleanup();
      if (redis) {
        const keys = await redis.keys(`${prefix}*`);
        if (keys.length > 0) await redis.del(...keys);
        redis.disconnect();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export const auth = (token: string) => ({ authorization: `Bearer ${token}` });

export interface UploadRequest {
  url?: string;
  /** The file part; its name is URL-encoded as the web sends it. */
  file?: { name: string; data: Buffer | string; type?: string };
  fields?: Record<string, string>;
  /** Put the file before the text fields (the fields come first by default). */
  fileFirst?: boolean;
  fileField?: string;
  remoteAddress?: string;
}

/** Posts a multipart form built by the platform's FormData, so the encoding is a browser's. */
export async function upload(app: FastifyInstance, token: string, request: UploadRequest) {
  const form = new FormData();
  const addFile = () => {
    if (!request.file) return;
    const { name, data, type } = request.file;
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    const blob = new Blob([new Uint8Array(bytes)], type === undefined ? {} : { type });
    form.append(request.fileField ?? 'file', blob, encodeURIComponent(name));
  };
  if (request.fileFirst) addFile();
  for (const [key, value] of Object.entries(request.fields ?? {})) form.append(key, value);
  if (!request.fileFirst) addFile();
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: request.url ?? '/api/files',
    headers: { ...auth(token), 'content-type': encoded.headers.get('content-type') ?? '' },
    payload: Buffer.from(await encoded.arrayBuffer()),
    remoteAddress: request.remoteAddress,
  });
}

/** A form for an image upload to the default endpoint. */
export const imageForm = (
  name: string,
  data: Buffer | string,
  type = 'image/png',
  fields: Record<string, string> = {},
) => ({
  url: '/api/files/images',
  file: { name, data, type },
  fields: { file_id: 'temp-1', endpoint: 'openAI', width: '1', height: '1', ...fields },
});

/** A real image of the given size and format. */
export function image(width: number, height: number, format: 'png' | 'jpeg' | 'gif' | 'webp' = 'png') {
  return sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .toFormat(format)
    .toBuffer();
}

/** Keys of the objects in the local storage (`{user}/{file}`), and the temporary files. */
export function storedObjects(dataDir: string): string[] {
  const root = join(dataDir, 'uploads');
  const users = readdirSafe(root).filter((d) => d.isDirectory() && d.name !== '.tmp');
  return users.flatMap((u) => readdirSync(join(root, u.name)).map((f) => `${u.name}/${f}`));
}

export const tempFiles = (dataDir: string): string[] =>
  readdirSafe(uploadTempDir(dataDir)).map((d) => d.name);

function readdirSafe(dir: string) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

/** Every row of the files table, whatever its status. */
export const allFileRows = (t: FilesTestApp) => t.deps.database.db.selectFrom('files').selectAll().execute();
