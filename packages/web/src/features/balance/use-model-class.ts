import { modelClass, type ModelClass } from '@parley/shared';
import { useStartupConfig } from '../config/config.api';

/**
 * The class of a model's calls, by the server's gpt-4 patterns; null when the server keeps no balance (there are no
 * free uses to tell apart then).
 */
export function useModelClass(): (model: string) => ModelClass | null {
  const { config } = useStartupConfig();
  const patterns = config.checkBalance ? config.gpt4Models : [];
  return (model) => (patterns.length === 0 ? null : modelClass(model, patterns));
}
