import {
  AZURE_KEY_FIELDS,
  DEFAULT_KEY_EXPIRY,
  googleServiceKeySchema,
  KEY_EXPIRY_OPTIONS_MS,
  type EndpointConfig,
} from '@parley/shared';

/**
 * Which form the key dialog shows; mirrors the server's key-value rules
 * (docs/reference/endpoints-and-models.md (User-provided keys)).
 */
export type KeyFormKind =
  | { kind: 'plain'; label?: PlainKeyLabel }
  | { kind: 'azure' }
  | { kind: 'google' }
  | { kind: 'custom'; fields: CustomKeyField[] };
/** What a plain value is called where it is not an API key: chatGPTBrowser's access token, bingAI's cookie. */
export type PlainKeyLabel = 'access_token' | 'cookie';

const PLAIN_LABELS: Readonly<Record<string, PlainKeyLabel>> = {
  chatGPTBrowser: 'access_token',
  bingAI: 'cookie',
};
export type CustomKeyField = 'apiKey' | 'baseURL';

export type KeyExpiry = keyof typeof KEY_EXPIRY_OPTIONS_MS;
export const KEY_EXPIRIES = Object.keys(KEY_EXPIRY_OPTIONS_MS) as KeyExpiry[];
export const DEFAULT_EXPIRY: KeyExpiry = DEFAULT_KEY_EXPIRY;

export function keyFormKind(endpoint: string, config: EndpointConfig | undefined): KeyFormKind {
  if (config?.azure || endpoint === 'azureOpenAI') return { kind: 'azure' };
  if (endpoint === 'google') return { kind: 'google' };
  if (config?.type === 'custom') {
    // The key is asked for unless the operator set it and only the URL is the user's.
    const fields: CustomKeyField[] = [];
    if (config.userProvide || !config.userProvideURL) fields.push('apiKey');
    if (config.userProvideURL) fields.push('baseURL');
    return { kind: 'custom', fields };
  }
  const label = Object.hasOwn(PLAIN_LABELS, endpoint) ? PLAIN_LABELS[endpoint] : undefined;
  return label ? { kind: 'plain', label } : { kind: 'plain' };
}

/** The text fields a form kind edits; google's service-account file is handled apart. */
export function formFields(kind: KeyFormKind): readonly string[] {
  switch (kind.kind) {
    case 'azure':
      return AZURE_KEY_FIELDS;
    case 'custom':
      return kind.fields;
    default:
      return ['apiKey'];
  }
}

/** Why the form cannot be sent: an i18n key with its values, and the fields to mark invalid. */
export interface KeyFormError {
  key:
    | 'com_endpoint_config_key_fields_required'
    | 'com_endpoint_config_key_value_required'
    | 'com_endpoint_config_key_url_invalid';
  values?: { fields: string };
  fields: string[];
}

export type KeyValueResult = { ok: true; value: string } | { ok: false; error: KeyFormError };

export interface KeyFormInput {
  fields: Record<string, string>;
  /** The text of an imported Google service-account file, already checked. */
  serviceKey?: string | null;
}

/** Builds the `value` of `PUT /api/keys` from the form, or says what is missing. */
export function buildKeyValue(kind: KeyFormKind, { fields, serviceKey }: KeyFormInput): KeyValueResult {
  const read = (name: string) => (fields[name] ?? '').trim();
  if (kind.kind === 'plain' || kind.kind === 'google') {
    if (kind.kind === 'google' && serviceKey) return { ok: true, value: serviceKey };
    const value = read('apiKey');
    if (value) return { ok: true, value };
    return { ok: false, error: { key: 'com_endpoint_config_key_value_required', fields: ['apiKey'] } };
  }
  const names = formFields(kind);
  const missing = names.filter((name) => !read(name));
  if (missing.length > 0) {
    return {
      ok: false,
      error: {
        key: 'com_endpoint_config_key_fields_required',
        values: { fields: missing.join(', ') },
        fields: missing,
      },
    };
  }
  if (kind.kind === 'custom' && names.includes('baseURL') && !isHttpUrl(read('baseURL'))) {
    return { ok: false, error: { key: 'com_endpoint_config_key_url_invalid', fields: ['baseURL'] } };
  }
  return { ok: true, value: JSON.stringify(Object.fromEntries(names.map((name) => [name, read(name)]))) };
}

function isHttpUrl(text: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}

/**
 * Checks an imported Google service-account file: it must be JSON (by name or type) holding a valid
 * client_email, project_id and private_key. Answers the compact JSON text to send, or null (invalid file).
 */
export function readServiceKeyFile(file: { name: string; type: string }, text: string): string | null {
  const looksJson = file.type === 'application/json' || file.name.toLowerCase().endsWith('.json');
  if (!looksJson) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
  return googleServiceKeySchema.safeParse(parsed).success ? JSON.stringify(parsed) : null;
}

/** The ISO `expiresAt` for an expiry choice, counted from `now`. */
export function expiresAtFor(expiry: KeyExpiry, now: number = Date.now()): string {
  return new Date(now + KEY_EXPIRY_OPTIONS_MS[expiry]).toISOString();
}
