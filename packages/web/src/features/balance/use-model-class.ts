import { modelClass, type ModelClass } from '@parley/shared';
import { useStartupConfig } from '../config/config.api';

/**
 * The class of a model's calls, by the server's rule (its operator's rules, then the built-in table); null when the
 * server keeps no balance (there are no free uses to tell apart then).
 */
export function useModelClass(): (model: string) => ModelClass | null {
  const { config } = useStartupConfig();
  const rules = config.modelClasses;
  return (model) => (config.checkBalance ? modelClass(model, rules) : null);
}
