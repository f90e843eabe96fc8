import type { ConversationOptions } from '../conversations/conversation-options.schema';
import type { EndpointKind } from './endpoint-settings.data';
import { endpointSettings } from './endpoint-settings';
import type { EndpointSetting } from './endpoint-settings.types';

export interface EndpointOptionIssue {
  /** The option's key, dotted for nested ones (`agentOptions.temperature`). */
  field: string;
  message: string;
}

export type EndpointOptionsResult =
  { ok: true; options: ConversationOptions } | { ok: false; issues: EndpointOptionIssue[] };

/**
 * Checks a conversation's options against its endpoint's ranges
 * (docs/reference/endpoints-and-models.md (Endpoint settings)). Out-of-range values are REFUSED, not clamped: a
 * silently changed temperature is a surprise, and the web's sliders never produce one, so a bad value means a hand-made
 * request or a preset from another endpoint that the user should see. Messages name the field, the range and the
 * endpoint: 'temperature must be between 0 and 1 for anthropic'. Options the endpoint has no setting for are left alone
 * (a preset may carry another endpoint's fields). Absent and null values pass; defaults are applied by whoever calls
 * the model.
 */
export function validateEndpointOptions(
  kind: EndpointKind,
  options: ConversationOptions,
): EndpointOptionsResult {
  const issues: EndpointOptionIssue[] = [];
  for (const setting of endpointSettings(kind, options.model).settings) {
    const value = readOption(options, setting.key);
    if (value === undefined || value === null) continue;
    const message = checkValue(setting, value, kind);
    if (message) issues.push({ field: setting.key, message });
  }
  return issues.length === 0 ? { ok: true, options } : { ok: false, issues };
}

/** Reads `key` or a dotted `parent.key` from the options. */
export function readOption(options: ConversationOptions, key: string): unknown {
  let value: unknown = options;
  for (const part of key.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

function checkValue(setting: EndpointSetting, value: unknown, kind: EndpointKind): string | null {
  if (setting.kind === 'number') {
    if (typeof value !== 'number' || !Number.isFinite(value)) return `${setting.key} must be a number`;
    if (value < setting.min || value > setting.max) {
      return `${setting.key} must be between ${setting.min} and ${setting.max} for ${kind}`;
    }
    if (setting.step === 1 && !Number.isInteger(value))
      return `${setting.key} must be a whole number for ${kind}`;
    return null;
  }
  if (setting.kind === 'enum' && !setting.options.includes(String(value).toLowerCase())) {
    return `${setting.key} must be one of ${setting.options.join(', ')} for ${kind}`;
  }
  return null;
}
