import {
  conversationOptionsSchema,
  validateEndpointOptions,
  type EndpointsConfig,
  type ModelsConfig,
  type Preset,
} from '@parley/shared';
import type { LastConversationSetup, LastSelectedModel } from '../../lib/storage';
import type { ConversationSetup } from '../chat/conversation.store';
import { presetToSetup } from '../presets/preset-setup';
import { kindOf, orderedEndpoints, setupForEndpoint } from './endpoint-setup';

export interface NewConversationInput {
  config: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  presets?: Preset[] | undefined;
  lastConversationSetup?: LastConversationSetup | null;
  lastSelectedModel?: LastSelectedModel | null;
}

/**
 * The setup a new chat starts with (docs/reference/presets.md (The setup of a new chat)): the default preset when there
 * is one whose endpoint still exists; else the last conversation's endpoint and options when that endpoint still
 * exists; else the first endpoint. The model is the one last chosen for the endpoint while it is still offered, else
 * the endpoint's first model; the endpoint's defaults fill every option not carried over.
 */
export function newConversationSetup(input: NewConversationInput): ConversationSetup {
  const { config, models, presets, lastConversationSetup: last, lastSelectedModel: remembered } = input;
  const preset = presets?.find((p) => p.defaultPreset);
  if (preset && config?.[preset.endpoint]) return presetToSetup(preset);

  const lastEndpoint = typeof last?.endpoint === 'string' && config?.[last.endpoint] ? last.endpoint : null;
  const endpoint = lastEndpoint ?? orderedEndpoints(config)[0];
  if (!endpoint) return {};
  const base = setupForEndpoint(endpoint, config, models, remembered?.[endpoint]);
  if (!lastEndpoint || !last) return base;
  return { ...base, ...carriedOptions(last, base, config) };
}

/**
 * The options of the last setup worth keeping (prompt prefix, sliders). Anything unreadable, or out of the
 * chosen model's ranges, is dropped as a whole: a new chat must never start with a setup the server refuses.
 */
function carriedOptions(
  last: LastConversationSetup,
  base: ConversationSetup,
  config: EndpointsConfig | undefined,
): Partial<ConversationSetup> {
  const parsed = conversationOptionsSchema.safeParse(last);
  if (!parsed.success) return {};
  const { endpoint: _e, endpointType: _t, model: _m, file_ids: _f, ...options } = parsed.data;
  const merged = { ...base, ...options };
  return validateEndpointOptions(kindOf(base.endpoint ?? '', config), merged).ok ? options : {};
}
