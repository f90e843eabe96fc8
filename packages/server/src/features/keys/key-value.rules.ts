import { AZURE_KEY_FIELDS, AZURE_NAME_RULES, googleServiceKeySchema, KEY_MESSAGES } from '@parley/shared';
import type { AppConfig } from '../../config/config.types';
import { AppError } from '../../lib/app-error';
import { createAddressPolicy, type AddressPolicy } from '../../lib/outbound/address-policy';

const USER_PROVIDED = 'user_provided';

/**
 * How a key's value is checked: a plain key, or the JSON forms of
 * docs/reference/endpoints-and-models.md (User-provided keys).
 */
type KeyKind =
  | { kind: 'plain' }
  | { kind: 'azure' }
  | { kind: 'google' }
  | { kind: 'custom'; required: ('apiKey' | 'baseURL')[]; urls: AddressPolicy };

// A Map, not an object literal: a key name is user input, and `__proto__` or `toString` must find nothing.
const BUILT_IN_KINDS = new Map<string, KeyKind>([
  ['openAI', { kind: 'plain' }],
  ['anthropic', { kind: 'plain' }],
  ['assistants', { kind: 'plain' }],
  ['azureOpenAI', { kind: 'azure' }],
  ['google', { kind: 'google' }],
  // The ChatGPT web backend's access token (docs/reference/endpoints-and-models.md (chatGPTBrowser)).
  ['chatGPTBrowser', { kind: 'plain' }],
  // The Bing service's cookie (docs/reference/endpoints-and-models.md (bingAI)).
  ['bingAI', { kind: 'plain' }],
]);

/** The plugin endpoint uses the OpenAI key (docs/reference/endpoints-and-models.md (User-provided keys)). */
export function storedKeyName(name: string): string {
  return name === 'gptPlugins' ? 'openAI' : name;
}

/** The rules for a key name, or a 400 when that endpoint takes no user key. */
export function keyKindOf(config: AppConfig, name: string): KeyKind {
  const builtIn = BUILT_IN_KINDS.get(name);
  if (builtIn) return builtIn;
  const custom = config.yaml?.endpoints?.custom?.find((e) => e.name === name);
  if (!custom) throw new AppError('VALIDATION', `name: unknown endpoint "${name}"`, { field: 'name' });
  const required: ('apiKey' | 'baseURL')[] = [];
  if (custom.apiKey === USER_PROVIDED) required.push('apiKey');
  if (custom.baseURL === USER_PROVIDED) required.push('baseURL');
  if (required.length === 0) {
    throw new AppError('VALIDATION', `name: endpoint "${name}" does not take a user-provided key`, {
      field: 'name',
    });
  }
  return { kind: 'custom', required, urls: createAddressPolicy(config.network.userURLAllowedRanges) };
}

/** Checks a value against its endpoint's form and answers what to store (trimmed; JSON forms re-serialised). */
export function normalizeKeyValue(kind: KeyKind, value: string): string {
  const trimmed = value.trim();
  switch (kind.kind) {
    case 'plain':
      return trimmed;
    case 'azure':
      return JSON.stringify(azureValue(trimmed));
    case 'custom':
      return JSON.stringify(customValue(trimmed, kind.required, kind.urls));
    case 'google':
      return googleValue(trimmed);
  }
}

function parseObject(text: string): Record<string, unknown> | null {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

/** The named string fields of a JSON value; any missing or blank one gives "The following fields are required: …". */
function pickRequired<F extends string>(text: string, fields: readonly F[]): Record<F, string> {
  const object = parseObject(text) ?? {};
  const picked = {} as Record<F, string>;
  const missing: F[] = [];
  for (const field of fields) {
    const v = Object.hasOwn(object, field) ? object[field] : undefined;
    if (typeof v === 'string' && v.trim() !== '') picked[field] = v.trim();
    else missing.push(field);
  }
  if (missing.length > 0) {
    throw new AppError('VALIDATION', KEY_MESSAGES.fieldsRequired.replace('{fields}', missing.join(', ')), {
      field: 'value',
      missing,
    });
  }
  return picked;
}

/**
 * Azure's four fields. The instance and deployment names go into the request's URL, so a name that is not what
 * Azure allows (`127.0.0.1:4324/admin?`) is refused here, naming the field; providers/credentials.ts checks them
 * again for keys saved before.
 */
function azureValue(text: string): Record<string, string> {
  const picked: Record<string, string> = pickRequired(text, AZURE_KEY_FIELDS);
  for (const [field, rule] of Object.entries(AZURE_NAME_RULES)) {
    if (!rule.pattern.test(picked[field]!))
      throw new AppError('VALIDATION', rule.message, { field: 'value' });
  }
  return picked;
}

/**
 * A custom endpoint's fields. A base URL that names a non-public address outright is refused now, so the user
 * learns it when saving; host names are judged when a call connects (lib/outbound/guarded-fetch.ts).
 */
function customValue(
  text: string,
  required: ('apiKey' | 'baseURL')[],
  urls: AddressPolicy,
): Record<string, string> {
  const picked: Record<string, string> = pickRequired(text, required);
  if (picked.baseURL !== undefined && !isHttpUrl(picked.baseURL)) {
    throw new AppError('VALIDATION', 'baseURL must be an http or https URL', { field: 'value' });
  }
  const refusal = picked.baseURL === undefined ? null : urls.urlRefusal(picked.baseURL);
  if (refusal) {
    throw new AppError('VALIDATION', `baseURL must be a public address; it is ${refusal}`, {
      field: 'value',
    });
  }
  return picked;
}

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/** A Gemini API key is plain text; anything that looks like JSON must be a valid service-account file. */
function googleValue(text: string): string {
  if (!text.startsWith('{')) return text;
  const object = parseObject(text);
  if (!object || !googleServiceKeySchema.safeParse(object).success) {
    throw new AppError('VALIDATION', KEY_MESSAGES.invalidServiceKey, { field: 'value' });
  }
  return JSON.stringify(object);
}
