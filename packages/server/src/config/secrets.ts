import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { AppConfig } from './config.types';
import { ConfigError } from './config-error';
import { envString, type Env } from './env-reader';

type Secrets = AppConfig['secrets'];

interface SecretSpec {
  key: keyof Secrets;
  env: string;
  bytes: number;
  /** Only the AES key and IV have a fixed size; JWT secrets are any non-empty string. */
  exactHex: boolean;
}

const SPECS: SecretSpec[] = [
  { key: 'jwtSecret', env: 'JWT_SECRET', bytes: 32, exactHex: false },
  { key: 'jwtRefreshSecret', env: 'JWT_REFRESH_SECRET', bytes: 32, exactHex: false },
  { key: 'credsKey', env: 'CREDS_KEY', bytes: 32, exactHex: true },
  { key: 'credsIv', env: 'CREDS_IV', bytes: 16, exactHex: true },
];

/**
 * Secrets come from the environment first, then from `<dataDir>/secrets.json`; whatever is still missing is
 * generated into that file, so a fresh install runs without any setup. The file is keyed by the env names,
 * so an operator can copy its lines into their environment as they are.
 */
export function loadSecrets(env: Env, dataDir: string): { secrets: Secrets; notices: string[] } {
  const path = join(dataDir, 'secrets.json');
  const fromEnv = new Map(SPECS.map((s) => [s, envString(env, s.env)]));
  const missing = SPECS.filter((s) => fromEnv.get(s) === undefined);
  const stored = missing.length > 0 ? readStored(path) : {};
  const generated = missing.filter((s) => !stored[s.env]);
  for (const spec of generated) stored[spec.env] = randomBytes(spec.bytes).toString('hex');
  if (generated.length > 0) writeStored(path, stored);

  const secrets = {} as Secrets;
  for (const spec of SPECS) {
    const value = fromEnv.get(spec) ?? stored[spec.env] ?? '';
    checkFormat(spec, value, fromEnv.get(spec) !== undefined ? spec.env : `${path} ${spec.env}`);
    secrets[spec.key] = value;
  }
  const notices =
    generated.length > 0
      ? [
          `Generated ${generated.map((s) => s.env).join(', ')} into ${path}; ` +
            'set them in the environment to manage them yourself',
        ]
      : [];
  return { secrets, notices };
}

function checkFormat(spec: SecretSpec, value: string, where: string): void {
  if (!spec.exactHex) {
    if (!value) throw new ConfigError(spec.env, `${where} must not be empty`);
    return;
  }
  const chars = spec.bytes * 2;
  if (!new RegExp(`^[0-9a-fA-F]{${chars}}$`).test(value)) {
    throw new ConfigError(spec.env, `${where} must be ${chars} hex characters (${spec.bytes} bytes)`);
  }
}

function readStored(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new ConfigError('secrets.json', `${path} is not valid JSON: ${(error as Error).message}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new ConfigError('secrets.json', `${path} must hold a JSON object of secret names to values`);
  }
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') out[k] = v;
  return out;
}

function writeStored(path: string, values: Record<string, string>): void {
  // The data directory also holds the database and uploads: created for its owner only.
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  writeFileSync(path, `${JSON.stringify(values, null, 2)}\n`, { mode: 0o600 });
  // `mode` only applies when the file is created; an existing file being completed is tightened too.
  chmodSync(path, 0o600);
}
