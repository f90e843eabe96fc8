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
  /**
   * Whether the user has a usable key stored for an endpoint that needs one (`userProvide`). Absent: every endpoint
   * counts as usable.
   */
  hasUserKey?: (endpoint: string) => boolean;
}

/**
 * Whether the user can chat on an endpoint now: it exists, and runs on the operator's key or has the user's own key
 * stored and unexpired (docs/reference/presets.md (The setup of a new chat)).
 */
export function endpointUsable(
  endpoint: string,
  input: Pick<NewConversationInput, 'config' | 'hasUserKey'>,
): boolean {
  const entry = input.config?.[endpoint];
  if (!entry) return false;
  return !entry.userProvide || !input.hasUserKey || input.hasUserKey(endpoint);
}

/**
 * The setup a new chat starts with (docs/reference/presets.md (The setup of a new chat)): the first of these that the
 * user can use now (an endpoint on the operator's key, or one whose key the user has stored): the default preset, the
 * last conversation's endpoint and options, the first endpoint in menu order. When none is usable (every endpoint
 * needs a key the user has not stored), the same order without that condition. The model is the one last chosen for
 * the endpoint while it is still offered, else the endpoint's first model; the endpoint's defaults fill every option
 * not carried over.
 */
export function newConversationSetup(input: NewConversationInput): ConversationSetup {
  const { config, models, presets, lastConversationSetup: last, lastSelectedModel: remembered } = input;
  const usable = (endpoint: string) => endpointUsable(endpoint, input);
  const exists = (endpoint: string) => Boolean(config?.[endpoint]);
  const preset = presets?.find((p) => p.defaultPreset);
  const lastEndpoint = typeof last?.endpoint === 'string' ? last.endpoint : null;
  const ordered = orderedEndpoints(config);

  const pick = (ok: (endpoint: string) => boolean): ConversationSetup | null => {
    if (preset && ok(preset.endpoint)) return presetToSetup(preset);
    if (lastEndpoint && last && ok(lastEndpoint)) {
      const base = setupForEndpoint(lastEndpoint, config, models, remembered?.[lastEndpoint]);
      return { ...base, ...carriedOptions(last, base, config) };
    }
    const first = ordered.find(ok);
    return first ? setupForEndpoint(first, config, models, remembered?.[first]) : null;
  };
  return pick(usable) ?? pick(exists) ?? {};
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
