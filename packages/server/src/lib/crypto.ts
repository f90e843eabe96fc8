import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { AppConfig } from '../config/config.types';

/** What `encrypt`/`decrypt` read from the config: CREDS_KEY (64 hex) and CREDS_IV (32 hex). */
export type CredsConfig = { secrets: Pick<AppConfig['secrets'], 'credsKey' | 'credsIv'> };

const VERSION = 'v1';
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

function keyOf(config: CredsConfig): Buffer {
  const key = Buffer.from(config.secrets.credsKey, 'hex');
  if (key.length !== 32) throw new Error('CREDS_KEY must be 64 hex characters (32 bytes)');
  return key;
}

// GCM needs a fresh nonce per message, so CREDS_IV cannot be the nonce. It is bound as additional authenticated
// data instead, with the caller's context (e.g. owner and key name), so a ciphertext only opens where it was made.
function aadOf(config: CredsConfig, context: string): Buffer {
  return Buffer.from(`parley-creds:${VERSION}:${config.secrets.credsIv}:${context}`, 'utf8');
}

/**
 * AES-256-GCM under CREDS_KEY with a random 12-byte nonce per call. Answers `v1:<nonce>:<tag>:<ciphertext>`
 * (base64 each). The same `context` must be given to `decrypt`.
 */
export function encrypt(plaintext: string, config: CredsConfig, context = ''): string {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyOf(config), nonce, { authTagLength: TAG_BYTES });
  cipher.setAAD(aadOf(config, context));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [VERSION, nonce, tag, ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64')))
    .join(':');
}

/** Opens what `encrypt` made; throws on a malformed, tampered or foreign payload (wrong key, IV or context). */
export function decrypt(payload: string, config: CredsConfig, context = ''): string {
  const parts = payload.split(':');
  if (parts.length !== 4 || parts[0] !== VERSION) throw new Error('Encrypted value has an unknown format');
  const [nonce, tag, ciphertext] = parts.slice(1).map((p) => Buffer.from(p, 'base64')) as [
    Buffer,
    Buffer,
    Buffer,
  ];
  if (nonce.length !== NONCE_BYTES || tag.length !== TAG_BYTES) {
    throw new Error('Encrypted value has an unknown format');
  }
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(config), nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(aadOf(config, context));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
  } catch {
    throw new Error('Encrypted value failed authentication (tampered, or another key, IV or context)');
  }
}
