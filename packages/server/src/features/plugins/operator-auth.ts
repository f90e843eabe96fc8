import { authFieldNames } from '@parley/shared';
import type { AppConfig } from '../../config/config.types';

/**
 * The operator's value of an `authField`: the first of its names (`A||B`: A, then B) the environment sets, read
 * from the config (config/plugin-env.ts), never from process.env. Undefined when the operator leaves it to users.
 */
export function operatorValue(config: Pick<AppConfig, 'pluginEnv'>, authField: string): string | undefined {
  for (const name of authFieldNames(authField)) {
    const value = config.pluginEnv[name];
    if (value) return value;
  }
  return undefined;
}
