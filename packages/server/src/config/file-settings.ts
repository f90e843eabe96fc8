import { mergeFileConfig, type FileConfig } from '@parley/shared';
import { ConfigError } from './config-error';
import type { Env } from './env-reader';
import type { YamlConfig } from './yaml.schema';

/** Where uploads are kept: under the data folder, or in an S3-compatible bucket. */
export type FileStrategy = 'local' | 's3';

/** An S3-compatible bucket (AWS, MinIO, R2, …), from LibreChat's AWS_* variables. */
export interface S3Settings {
  bucket: string;
  region: string;
  /** A non-AWS service's URL (AWS_ENDPOINT_URL); path-style addressing is used with it. */
  endpoint: string | null;
  accessKeyId: string | null;
  secretAccessKey: string | null;
}

/** Upload counts per IP and per user (`rateLimits.fileUploads`, else FILE_UPLOAD_* variables). */
export interface UploadLimits {
  ipMax: number;
  ipWindowInMinutes: number;
  userMax: number;
  userWindowInMinutes: number;
}

export interface FilesSettings {
  strategy: FileStrategy;
  /** Per-endpoint rules merged over the default limits (docs/reference/files.md (File limits)), sizes in bytes. */
  fileConfig: FileConfig;
  uploadLimits: UploadLimits;
  s3: S3Settings | null;
}

export const DEFAULT_UPLOAD_LIMITS: UploadLimits = {
  ipMax: 100,
  ipWindowInMinutes: 15,
  userMax: 50,
  userWindowInMinutes: 15,
};

/** The file settings: YAML `fileStrategy`, `fileConfig` and `rateLimits.fileUploads`, with env fallbacks. */
export function readFileSettings(env: Env, yaml: YamlConfig | null): FilesSettings {
  const strategy = yaml?.fileStrategy ?? 'local';
  if (strategy !== 'local' && strategy !== 's3') {
    throw new ConfigError('fileStrategy', `fileStrategy "${strategy}" is not supported; use "local" or "s3"`);
  }
  const fromYaml = yaml?.rateLimits?.fileUploads ?? {};
  const num = (name: string, fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < 0)
      throw new ConfigError(name, `${name} must be a number of at least 0, got "${raw}"`);
    return value;
  };
  const optionalNum = (name: string) => (env[name]?.trim() ? num(name, 0) : undefined);
  const uploadLimits: UploadLimits = {
    ipMax: fromYaml.ipMax ?? num('FILE_UPLOAD_IP_MAX', DEFAULT_UPLOAD_LIMITS.ipMax),
    ipWindowInMinutes:
      fromYaml.ipWindowInMinutes ?? num('FILE_UPLOAD_IP_WINDOW', DEFAULT_UPLOAD_LIMITS.ipWindowInMinutes),
    userMax: fromYaml.userMax ?? num('FILE_UPLOAD_USER_MAX', DEFAULT_UPLOAD_LIMITS.userMax),
    userWindowInMinutes:
      fromYaml.userWindowInMinutes ??
      num('FILE_UPLOAD_USER_WINDOW', DEFAULT_UPLOAD_LIMITS.userWindowInMinutes),
  };
  const fileConfig = yaml?.fileConfig;
  return {
    strategy,
    // The YAML's quota wins over FILE_USER_STORAGE_LIMIT; both are megabytes, 0 is no quota.
    fileConfig: mergeFileConfig({
      ...fileConfig,
      userStorageLimit: fileConfig?.userStorageLimit ?? optionalNum('FILE_USER_STORAGE_LIMIT'),
    }),
    uploadLimits,
    s3: strategy === 's3' ? readS3(env) : null,
  };
}

function readS3(env: Env): S3Settings {
  const bucket = env.AWS_BUCKET_NAME?.trim();
  if (!bucket)
    throw new ConfigError('AWS_BUCKET_NAME', 'AWS_BUCKET_NAME is required when fileStrategy is "s3"');
  return {
    bucket,
    region: env.AWS_REGION?.trim() || 'us-east-1',
    endpoint: env.AWS_ENDPOINT_URL?.trim() || null,
    accessKeyId: env.AWS_ACCESS_KEY_ID?.trim() || null,
    secretAccessKey: env.AWS_SECRET_ACCESS_KEY?.trim() || null,
  };
}
