import type { CredsConfig } from '../../lib/crypto';
import { decrypt, encrypt } from '../../lib/crypto';

// The ciphertext is bound to its user, plugin and field, so a value copied into another row (another user's
// included) does not open there.
const contextOf = (userId: string, pluginKey: string, authField: string) =>
  `plugin_auth:${JSON.stringify([userId, pluginKey, authField])}`;

export function sealPluginAuth(
  config: CredsConfig,
  userId: string,
  pluginKey: string,
  authField: string,
  value: string,
): string {
  return encrypt(value, config, contextOf(userId, pluginKey, authField));
}

/** Throws a plain Error (logged as a 500, the value never in it) when the value does not open. */
export function openPluginAuth(
  config: CredsConfig,
  userId: string,
  pluginKey: string,
  authField: string,
  sealed: string,
): string {
  try {
    return decrypt(sealed, config, contextOf(userId, pluginKey, authField));
  } catch (error) {
    throw new Error(
      `A saved "${authField}" of plugin "${pluginKey}" could not be decrypted (were CREDS_KEY or CREDS_IV changed?)`,
      { cause: error },
    );
  }
}
