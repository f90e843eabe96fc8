import { ENDPOINT_SETTINGS, type EndpointKind } from './endpoint-settings.data';
import type { EndpointSettingsData, EndpointSetting } from './endpoint-settings.types';
import { googleMaxOutputTokens, googleModelType } from './google-model';

/**
 * The settings panel of an endpoint for one model. Only google varies by model: a Gemini model allows more
 * output tokens, top-p and top-k are hidden for code/text models, and the examples editor shows only for
 * chat-type models (docs/reference/endpoints-and-models.md (Google model types)). Without a model, the endpoint's
 * default model is assumed.
 */
export function endpointSettings(kind: EndpointKind, model?: string | null): EndpointSettingsData {
  const data = ENDPOINT_SETTINGS[kind];
  if (kind !== 'google') return data;
  const name = model || data.defaults.model;
  const type = googleModelType(name);
  const tokens = googleMaxOutputTokens(name);
  const settings = data.settings
    .filter((s) => !(type === 'codeText' && (s.key === 'topP' || s.key === 'topK')))
    .filter((s) => !(s.kind === 'examples' && type !== 'chat'))
    .map((s): EndpointSetting =>
      s.kind === 'number' && s.key === 'maxOutputTokens'
        ? { ...s, max: tokens.max, default: tokens.default }
        : s,
    );
  return { defaults: { ...data.defaults, maxOutputTokens: tokens.default }, settings };
}

/** The endpoint kind whose settings a named endpoint uses: a custom endpoint's name maps to `custom`. */
export function endpointKindOf(endpoint: string, endpointType?: string | null): EndpointKind {
  if (Object.hasOwn(ENDPOINT_SETTINGS, endpoint)) return endpoint as EndpointKind;
  if (endpointType && Object.hasOwn(ENDPOINT_SETTINGS, endpointType)) return endpointType as EndpointKind;
  return 'custom';
}
