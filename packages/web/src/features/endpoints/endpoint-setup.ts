import {
  endpointKindOf,
  endpointSettings,
  type EndpointKind,
  type EndpointsConfig,
  type ModelsConfig,
} from '@parley/shared';
import type { ConversationSetup } from '../chat/conversation.store';

/** Endpoint names in menu order. */
export function orderedEndpoints(config: EndpointsConfig | undefined): string[] {
  if (!config) return [];
  return Object.entries(config)
    .sort(([, a], [, b]) => a.order - b.order)
    .map(([name]) => name);
}

/** The settings kind of a configured endpoint (a custom endpoint's name maps to `custom`). */
export function kindOf(endpoint: string, config: EndpointsConfig | undefined): EndpointKind {
  return endpointKindOf(endpoint, config?.[endpoint]?.type);
}

/** The models the server offers for an endpoint. */
export function modelsOf(endpoint: string, models: ModelsConfig | undefined): string[] {
  return models?.[endpoint] ?? [];
}

/**
 * The model a fresh setup of `endpoint` uses: `preferred` (the remembered one) while the endpoint still
 * offers it, else the first offered model, else the endpoint's default model from the shared data.
 */
export function pickModel(
  endpoint: string,
  config: EndpointsConfig | undefined,
  models: ModelsConfig | undefined,
  preferred?: string | null,
): string {
  const offered = modelsOf(endpoint, models);
  if (preferred && offered.includes(preferred)) return preferred;
  return offered[0] ?? endpointSettings(kindOf(endpoint, config)).defaults.model;
}

/** `endpointType` is only meaningful when it differs from the endpoint's name (custom endpoints). */
function endpointTypeOf(endpoint: string, config: EndpointsConfig | undefined): string | undefined {
  const type = config?.[endpoint]?.type;
  return type && type !== endpoint ? type : undefined;
}

/**
 * A setup of `endpoint` with `model` and the endpoint's default options
 * (docs/reference/endpoints-and-models.md (Endpoint settings)).
 */
export function setupForEndpoint(
  endpoint: string,
  config: EndpointsConfig | undefined,
  models: ModelsConfig | undefined,
  preferredModel?: string | null,
): ConversationSetup {
  const model = pickModel(endpoint, config, models, preferredModel);
  // A copy: the defaults hold arrays and objects (examples, agentOptions) that edits must not reach.
  const defaults = structuredClone(endpointSettings(kindOf(endpoint, config), model).defaults);
  // The Plugins agent starts on the chosen model, one the endpoint offers (docs/reference/tools.md (The agent's settings)).
  if (defaults.agentOptions) defaults.agentOptions = { ...defaults.agentOptions, model };
  const endpointType = endpointTypeOf(endpoint, config);
  return { ...defaults, endpoint, ...(endpointType ? { endpointType } : {}), model };
}

/**
 * The setup after picking another model of the same endpoint: options are kept, except numbers the new
 * model's ranges no longer allow (google's output-token cap differs by model), which take its default.
 */
export function setupForModel(
  setup: ConversationSetup,
  config: EndpointsConfig | undefined,
  model: string,
): ConversationSetup {
  const next: ConversationSetup = { ...setup, model };
  // An agent model that followed the chat's model goes on following it; one the user picked stays.
  if (setup.agentOptions && setup.agentOptions.model === setup.model) {
    next.agentOptions = { ...setup.agentOptions, model };
  }
  if (!setup.endpoint) return next;
  for (const setting of endpointSettings(kindOf(setup.endpoint, config), model).settings) {
    if (setting.kind !== 'number' || setting.key === 'agentOptions.temperature') continue;
    const value = next[setting.key];
    if (typeof value === 'number' && (value < setting.min || value > setting.max)) {
      next[setting.key] = setting.default;
    }
  }
  return next;
}
