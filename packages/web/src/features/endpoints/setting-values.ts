import {
  endpointSettings,
  readOption,
  type EndpointKind,
  type EndpointSetting,
  type EndpointsConfig,
  type EndpointSettingsData,
} from '@parley/shared';
import type { ConversationSetup } from '../chat/conversation.store';
import { kindOf } from './endpoint-setup';

/** The settings panel of an endpoint for a model, straight from the shared endpoint data. */
export function panelSettings(
  endpoint: string,
  config: EndpointsConfig | undefined,
  model: string | null | undefined,
): EndpointSettingsData {
  return endpointSettings(kindOf(endpoint, config), model);
}

/** The patch that stores `value` under a setting's key; a dotted key updates the nested object. */
export function writeOption(
  setup: ConversationSetup,
  key: EndpointSetting['key'],
  value: unknown,
): Partial<ConversationSetup> {
  const [parent, child] = key.split('.') as [keyof ConversationSetup, string | undefined];
  if (!child) return { [parent]: value } as Partial<ConversationSetup>;
  const current = setup[parent];
  const nested = current && typeof current === 'object' ? current : {};
  return { [parent]: { ...nested, [child]: value } } as Partial<ConversationSetup>;
}

/**
 * "Reset to defaults": every setting of the panel back to the endpoint's default for this model, texts
 * cleared; the endpoint and model stay.
 */
export function resetPatch(
  kind: EndpointKind,
  model: string | null | undefined,
  setup: ConversationSetup,
): Partial<ConversationSetup> {
  const { defaults, settings } = endpointSettings(kind, model);
  const defaultOf = (setting: EndpointSetting): unknown => {
    if (setting.kind === 'number' || setting.kind === 'enum' || setting.kind === 'boolean') {
      return setting.default;
    }
    if (setting.kind === 'text') return null;
    // Examples and model choices take the endpoint's default values.
    return structuredClone(readOption(defaults, setting.key));
  };
  let next: ConversationSetup = { ...setup };
  for (const setting of settings) next = { ...next, ...writeOption(next, setting.key, defaultOf(setting)) };
  const { endpoint: _e, model: _m, ...patch } = next;
  return patch;
}

/**
 * With tools selected, the custom name and prompt prefix do not apply
 * (docs/reference/endpoints-and-models.md (Endpoint settings)), so they are disabled.
 */
export function isSettingDisabled(setting: EndpointSetting, setup: ConversationSetup): boolean {
  const toolsSelected = (setup.tools?.length ?? 0) > 0;
  return toolsSelected && (setting.key === 'chatGptLabel' || setting.key === 'promptPrefix');
}
