import type { CallSettings, JSONValue } from 'ai';
import {
  endpointSettings,
  readOption,
  validateEndpointOptions,
  type CallSettingName,
  type ConversationOptions,
} from '@parley/shared';
import { AppError } from '../lib/app-error';
import type { EndpointEntry } from './provider.types';

/** The provider name of custom endpoints, and so the `providerOptions` key that carries `addParams`. */
export const CUSTOM_PROVIDER_NAME = 'custom';

/** The AI SDK settings of one call: sampling values, extra headers, and provider options. */
export type ModelCallSettings = Pick<CallSettings, CallSettingName | 'headers'> & {
  providerOptions?: Record<string, Record<string, JSONValue>>;
};

/** OpenAI body field each call setting becomes, so `dropParams` written in wire names also drop settings. */
const WIRE_NAME: Record<CallSettingName, string> = {
  temperature: 'temperature',
  topP: 'top_p',
  topK: 'top_k',
  maxOutputTokens: 'max_tokens',
  frequencyPenalty: 'frequency_penalty',
  presencePenalty: 'presence_penalty',
};

/** Whether a custom endpoint's `dropParams` remove a call setting (by its name or its OpenAI wire name). */
export function dropsSetting(entry: EndpointEntry, name: CallSettingName): boolean {
  const drop = entry.custom?.dropParams ?? [];
  return drop.includes(name) || drop.includes(WIRE_NAME[name]);
}

/**
 * Call settings from a conversation's options: values are checked against the endpoint's ranges (an
 * out-of-range one is a 400 naming it), missing ones take the endpoint's defaults
 * (docs/reference/endpoints-and-models.md (Endpoint settings)), and only settings the endpoint has are sent. A custom
 * endpoint's `dropParams` remove settings, its `addParams` go into the request body (as provider options of the
 * OpenAI-compatible adapter), and its `headers` are added.
 */
export function buildCallSettings(entry: EndpointEntry, options: ConversationOptions): ModelCallSettings {
  const checked = validateEndpointOptions(entry.kind, options);
  if (!checked.ok) {
    const [issue] = checked.issues;
    throw new AppError('VALIDATION', issue?.message ?? 'Invalid options', { field: issue?.field });
  }
  const drop = new Set(entry.custom?.dropParams ?? []);
  const settings: ModelCallSettings = {};
  // Settings whose value is not the endpoint's default (a client sends the defaults too, so "set" means "changed").
  const changed = new Set<CallSettingName>();
  for (const setting of endpointSettings(entry.kind, options.model).settings) {
    if (setting.kind !== 'number' || !setting.call) continue;
    if (drop.has(setting.key) || drop.has(setting.call) || drop.has(WIRE_NAME[setting.call])) continue;
    const value = readOption(options, setting.key);
    settings[setting.call] = typeof value === 'number' ? value : setting.default;
    if (settings[setting.call] !== setting.default) changed.add(setting.call);
  }
  if (entry.family === 'anthropic') keepOneSampling(settings, changed);
  const custom = entry.custom;
  if (custom?.headers && Object.keys(custom.headers).length > 0) settings.headers = { ...custom.headers };
  if (custom?.addParams && Object.keys(custom.addParams).length > 0) {
    settings.providerOptions = { [CUSTOM_PROVIDER_NAME]: custom.addParams as Record<string, JSONValue> };
  }
  return settings;
}

/**
 * Anthropic's models take a temperature or a top P, not both: given both, the AI SDK drops top P (and logs a warning
 * on every call), so the Top P setting never reached the model. One is sent: top P when it is the one the user
 * changed from its default, else the temperature (docs/decisions.md, "Anthropic gets a temperature or a top P").
 */
function keepOneSampling(settings: ModelCallSettings, changed: ReadonlySet<CallSettingName>): void {
  if (settings.temperature === undefined || settings.topP === undefined) return;
  if (changed.has('topP') && !changed.has('temperature')) delete settings.temperature;
  else delete settings.topP;
}
