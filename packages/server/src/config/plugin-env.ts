import { authFieldNames, BUILTIN_PLUGINS } from '@parley/shared';
import { envString, type Env } from './env-reader';
import { USER_PROVIDED } from './provider-settings';

/**
 * The operator's values of the plugins' credential variables (docs/reference/tools.md (The plugin store)): every
 * name an `authField` of the built-in catalogue stands for, when set. Empty and `user_provided` count as unset, as
 * for provider keys: both leave the credential to each user. Only these names are kept, so the rest of the
 * environment never reaches the plugin code.
 */
export function readPluginEnv(env: Env): Readonly<Record<string, string>> {
  const values: Record<string, string> = {};
  for (const plugin of BUILTIN_PLUGINS) {
    for (const field of plugin.authConfig) {
      for (const name of authFieldNames(field.authField)) {
        const value = envString(env, name);
        if (value !== undefined && value !== USER_PROVIDED) values[name] = value;
      }
    }
  }
  return values;
}
