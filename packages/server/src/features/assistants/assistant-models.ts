import { callsTools } from '@parley/shared';
import type { AssistantsSettings } from '../../config/assistants-settings';
import type { ProviderRegistry } from '../../providers/registry';

/** Endpoints that serve other endpoints' models under their own name, so never an assistant's model's home. */
const NOT_A_HOME = new Set(['gptPlugins', 'assistants']);

/**
 * The endpoint that serves an assistant's model (docs/reference/assistants.md (Models)): the first configured
 * endpoint, in menu order, whose model list has it and which can call tools with it. Null when none does.
 */
export function endpointForModel(
  registry: Pick<ProviderRegistry, 'listEndpoints' | 'getEndpoint'>,
  model: string,
): string | null {
  const names = Object.entries(registry.listEndpoints())
    .sort(([, a], [, b]) => a.order - b.order)
    .map(([name]) => name);
  for (const name of names) {
    if (NOT_A_HOME.has(name)) continue;
    const entry = registry.getEndpoint(name);
    if (entry?.models.default.includes(model) && callsTools(model, entry.toolModels)) return name;
  }
  return null;
}

/** The models the builder offers: the operator's `models.default` that some configured endpoint serves with tools. */
export function offeredAssistantModels(
  settings: AssistantsSettings,
  registry: Pick<ProviderRegistry, 'listEndpoints' | 'getEndpoint'>,
): string[] {
  return settings.models.filter((model) => endpointForModel(registry, model) !== null);
}
