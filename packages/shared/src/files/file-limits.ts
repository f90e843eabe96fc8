import type { EndpointFileLimits, FileConfig, FileConfigAnswer } from './file.schema';

/** One megabyte, the unit of every size limit (docs/reference/files.md (File limits)). */
export const MB = 1024 * 1024;

/** Image types a chat endpoint accepts by default (docs/reference/files.md (File limits)). */
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/gif', 'image/png', 'image/webp'] as const;

/** Regular-expression sources, as `supportedMimeTypes` in the YAML are. */
export const DEFAULT_SUPPORTED_MIME_TYPES = ['^image/(jpeg|gif|png|webp)$'];

/** The assistants endpoint's wider list: text, code, office, pdf, csv, json, xml, zip, tar, images. */
export const ASSISTANTS_SUPPORTED_MIME_TYPES = [
  '^text/',
  '^application/(x-)?(javascript|typescript|python|sh|httpd-php|x-tex|x-latex)$',
  '^application/(msword|vnd\\.openxmlformats-officedocument\\..+|vnd\\.ms-(excel|powerpoint))$',
  '^application/pdf$',
  '^application/(json|xml|csv)$',
  '^application/(zip|x-zip-compressed|x-tar|gzip|x-gzip)$',
  '^image/(jpeg|gif|png|webp)$',
];

/** docs/reference/files.md (File limits). */
export const DEFAULT_ENDPOINT_FILE_LIMITS: EndpointFileLimits = {
  fileLimit: 10,
  fileSizeLimit: 20 * MB,
  totalSizeLimit: 25 * MB,
  supportedMimeTypes: DEFAULT_SUPPORTED_MIME_TYPES,
  disabled: false,
};
export const ASSISTANTS_FILE_LIMITS: EndpointFileLimits = {
  fileLimit: 10,
  fileSizeLimit: 512 * MB,
  totalSizeLimit: 512 * MB,
  supportedMimeTypes: ASSISTANTS_SUPPORTED_MIME_TYPES,
  disabled: false,
};
export const SERVER_FILE_SIZE_LIMIT = 512 * MB;
export const DEFAULT_AVATAR_SIZE_LIMIT = 2 * MB;
/** Per-user storage when `fileConfig.userStorageLimit` is not set (docs/reference/files.md (Storage)). */
export const DEFAULT_USER_STORAGE_LIMIT = 1024 * MB;

/** The YAML `fileConfig` block as operators write it: sizes in megabytes (docs/reference/files.md (File limits)). */
export interface FileConfigInput {
  endpoints?: Record<
    string,
    {
      disabled?: boolean;
      fileLimit?: number;
      fileSizeLimit?: number;
      totalSizeLimit?: number;
      supportedMimeTypes?: string[];
    }
  >;
  serverFileSizeLimit?: number;
  avatarSizeLimit?: number;
  /** Megabytes; 0 turns the per-user quota off. */
  userStorageLimit?: number;
}

/**
 * The operator's `fileConfig` over the default limits: each named endpoint starts from `default` (or the
 * assistants rules for `assistants`) and takes the fields it sets; a `default` entry changes every endpoint
 * not named. Megabytes become bytes; no size may pass the server cap.
 */
export function mergeFileConfig(input: FileConfigInput | null | undefined): FileConfig {
  const serverFileSizeLimit = Math.round((input?.serverFileSizeLimit ?? SERVER_FILE_SIZE_LIMIT / MB) * MB);
  const cap = (bytes: number) => Math.min(bytes, serverFileSizeLimit);
  const over = (base: EndpointFileLimits, given: NonNullable<FileConfigInput['endpoints']>[string]) => ({
    fileLimit: given.fileLimit ?? base.fileLimit,
    fileSizeLimit: cap(given.fileSizeLimit === undefined ? base.fileSizeLimit : given.fileSizeLimit * MB),
    totalSizeLimit: cap(given.totalSizeLimit === undefined ? base.totalSizeLimit : given.totalSizeLimit * MB),
    supportedMimeTypes: given.supportedMimeTypes ?? base.supportedMimeTypes,
    disabled: given.disabled ?? base.disabled,
  });
  const given = input?.endpoints ?? {};
  const own = (name: string) => (Object.hasOwn(given, name) ? given[name] : undefined) ?? {};
  const defaults = over(DEFAULT_ENDPOINT_FILE_LIMITS, own('default'));
  // Built from entries, so a name such as `__proto__` is an entry like any other, never the prototype.
  const endpoints: Record<string, EndpointFileLimits> = Object.fromEntries([
    ['default', defaults],
    ['assistants', over(ASSISTANTS_FILE_LIMITS, own('assistants'))],
    ...Object.entries(given)
      .filter(([name]) => name !== 'default' && name !== 'assistants')
      .map(([name, rules]) => [name, over(defaults, rules)]),
  ]);
  const storageMb = input?.userStorageLimit ?? DEFAULT_USER_STORAGE_LIMIT / MB;
  return {
    endpoints,
    serverFileSizeLimit,
    avatarSizeLimit: Math.round((input?.avatarSizeLimit ?? DEFAULT_AVATAR_SIZE_LIMIT / MB) * MB),
    userStorageLimit: storageMb > 0 ? Math.round(storageMb * MB) : null,
  };
}

/** Bytes as the file config answer gives them: megabytes, fractional when need be. */
export const bytesToMegabytes = (bytes: number): number => bytes / MB;

/** Megabytes of a file config answer as bytes. MB is a power of two, so both ways are exact. */
export const megabytesToBytes = (mb: number): number => mb * MB;

/**
 * The file configuration as `GET /api/files/config` answers it: the size limits in megabytes (LibreChat clients
 * compare `file.size` with `limit * 1024 * 1024`); `userStorageLimit` stays in bytes.
 */
export function toFileConfigAnswer(config: FileConfig): FileConfigAnswer {
  return {
    endpoints: Object.fromEntries(
      Object.entries(config.endpoints).map(([name, limits]) => [
        name,
        {
          ...limits,
          fileSizeLimit: bytesToMegabytes(limits.fileSizeLimit),
          totalSizeLimit: bytesToMegabytes(limits.totalSizeLimit),
        },
      ]),
    ),
    serverFileSizeLimit: bytesToMegabytes(config.serverFileSizeLimit),
    avatarSizeLimit: bytesToMegabytes(config.avatarSizeLimit),
    userStorageLimit: config.userStorageLimit,
  };
}

/** The answer of `GET /api/files/config` back in bytes, as the web checks files with it. */
export function fromFileConfigAnswer(answer: FileConfigAnswer): FileConfig {
  return {
    endpoints: Object.fromEntries(
      Object.entries(answer.endpoints).map(([name, limits]) => [
        name,
        {
          ...limits,
          fileSizeLimit: megabytesToBytes(limits.fileSizeLimit),
          totalSizeLimit: megabytesToBytes(limits.totalSizeLimit),
        },
      ]),
    ),
    serverFileSizeLimit: megabytesToBytes(answer.serverFileSizeLimit),
    avatarSizeLimit: megabytesToBytes(answer.avatarSizeLimit),
    userStorageLimit: answer.userStorageLimit,
  };
}

/**
 * The rules for an endpoint: its own entry, else `default`. Own entries only: an endpoint named like an Object
 * property (`constructor`, `toString`, `__proto__`) gets the default rules, never a function or the prototype.
 */
export function fileLimitsFor(config: FileConfig, endpoint: string | null | undefined): EndpointFileLimits {
  const own = (name: string) => (Object.hasOwn(config.endpoints, name) ? config.endpoints[name] : undefined);
  return (endpoint ? own(endpoint) : undefined) ?? own('default') ?? DEFAULT_ENDPOINT_FILE_LIMITS;
}

/** True when a MIME type matches one of the patterns (regular-expression sources). */
export function isSupportedMimeType(type: string, patterns: readonly string[]): boolean {
  return patterns.some((pattern) => {
    try {
      return new RegExp(pattern).test(type);
    } catch {
      return pattern === type;
    }
  });
}

/** A size limit in megabytes as messages show it: whole numbers bare, else up to two decimals. */
export function megabytes(bytes: number): string {
  const mb = bytes / MB;
  return Number.isInteger(mb) ? String(mb) : String(Number(mb.toFixed(2)));
}

/**
 * A storage amount as the quota line and message show it: megabytes with at most one decimal under 1 GB
 * ("12.3 MB"), gigabytes with at most two from there ("1 GB", "1.5 GB").
 */
export function formatStorageSize(bytes: number): string {
  const GB = 1024 * MB;
  const trim = (value: number, digits: number) => String(Number(value.toFixed(digits)));
  return bytes >= GB ? `${trim(bytes / GB, 2)} GB` : `${trim(bytes / MB, 1)} MB`;
}

/**
 * A file's size in the file tables: two decimals, "< 0.01 MB" below that
 * (docs/reference/files.md (My Files and the Files panel)).
 */
export function formatFileSize(bytes: number): string {
  const mb = bytes / MB;
  return mb < 0.01 ? '< 0.01 MB' : `${mb.toFixed(2)} MB`;
}
