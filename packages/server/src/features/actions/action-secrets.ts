import { ACTION_SECRET_FIELDS, type ActionSecretField, type PublicActionMetadata } from '@parley/shared';
import { decrypt, encrypt, type CredsConfig } from '../../lib/crypto';
import type { ActionSecrets, StoredActionMetadata } from './action.types';

// Each ciphertext is bound to its action and field, so a value copied into another action (or field) does not open.
const contextOf = (actionId: string, field: ActionSecretField) =>
  `action_secret:${JSON.stringify([actionId, field])}`;

export function sealActionSecret(
  config: CredsConfig,
  actionId: string,
  field: ActionSecretField,
  value: string,
): string {
  return encrypt(value, config, contextOf(actionId, field));
}

/** The plaintext secrets of a stored action; throws a plain Error naming the field (never its value) when one does not open. */
export function openActionSecrets(
  config: CredsConfig,
  actionId: string,
  metadata: Pick<StoredActionMetadata, ActionSecretField>,
): ActionSecrets {
  const out: ActionSecrets = {};
  for (const field of ACTION_SECRET_FIELDS) {
    const sealed = metadata[field];
    if (!sealed) continue;
    try {
      out[field] = decrypt(sealed, config, contextOf(actionId, field));
    } catch (error) {
      throw new Error(
        `The ${field} of action ${actionId} could not be decrypted (were CREDS_KEY or CREDS_IV changed?)`,
        { cause: error },
      );
    }
  }
  return out;
}

/** The metadata a client may see: every secret field left out, whatever the input holds. */
export function publicActionMetadata(
  metadata: PublicActionMetadata & Partial<Record<ActionSecretField, unknown>>,
): PublicActionMetadata {
  const copy: Record<string, unknown> = { ...metadata };
  for (const field of ACTION_SECRET_FIELDS) delete copy[field];
  return copy as PublicActionMetadata;
}
