import { pluginAuthTooShort, PLUGIN_AUTH_MIN_LENGTH } from '@parley/shared';
import type { AppConfig } from '../../config/config.types';
import { AppError } from '../../lib/app-error';
import { operatorValue } from './operator-auth';
import type { StorePlugin } from './store-catalogue';

export interface CredentialToSave {
  authField: string;
  value: string;
}

/**
 * The credentials an install saves (docs/reference/tools.md (The plugin store)). A field the operator sets is
 * skipped whatever was sent, so a user's value never shadows the operator's. Every other field needs a value of at
 * least PLUGIN_AUTH_MIN_LENGTH characters (trimmed, as pasted keys often carry a space or newline); one not sent
 * may be left out only when the user already saved it (installing again keeps it). Fields the plugin does not have
 * are ignored. Throws the 400 the LibreChat client shows under its form.
 */
export function credentialsToSave(
  config: Pick<AppConfig, 'pluginEnv'>,
  plugin: StorePlugin,
  auth: Readonly<Record<string, string>> | null | undefined,
  alreadySaved: ReadonlySet<string>,
): CredentialToSave[] {
  const toSave: CredentialToSave[] = [];
  for (const { authField, label } of plugin.authConfig) {
    if (operatorValue(config, authField) !== undefined) continue;
    const sent = auth && Object.hasOwn(auth, authField) ? (auth[authField] ?? '').trim() : '';
    if (sent === '' && alreadySaved.has(authField)) continue;
    if (sent.length < PLUGIN_AUTH_MIN_LENGTH) {
      throw new AppError('VALIDATION', pluginAuthTooShort(label), { field: `auth.${authField}` });
    }
    toSave.push({ authField, value: sent });
  }
  return toSave;
}
