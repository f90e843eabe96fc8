import type { ActionAuth, ActionSecretField } from './action.schema';

/** A field of the auth dialog that a save may find missing or malformed. */
export type ActionAuthField =
  ActionSecretField | 'custom_auth_header' | 'authorization_url' | 'client_url' | 'scope';

/** What the auth check reads: the auth settings and the secrets given now. */
export interface ActionAuthValues {
  auth?: Partial<ActionAuth> | undefined;
  api_key?: string | null | undefined;
  oauth_client_id?: string | null | undefined;
  oauth_client_secret?: string | null | undefined;
}

const filled = (value: string | null | undefined) => typeof value === 'string' && value.trim() !== '';

/**
 * The fields a save still needs, in the dialog's order: an API key (and, for a custom header, its name) for
 * `service_http`; client id, secret, authorization URL, token URL and scope for `oauth`; nothing for `none`.
 * `saved` names the secrets already stored for the action, which a save may leave out to keep them.
 */
export function missingActionAuthFields(
  values: ActionAuthValues,
  saved: ReadonlySet<ActionSecretField> = new Set(),
): ActionAuthField[] {
  const auth = values.auth ?? {};
  const has = (field: ActionSecretField) => filled(values[field]) || saved.has(field);
  const missing: ActionAuthField[] = [];
  if (auth.type === 'service_http') {
    if (!has('api_key')) missing.push('api_key');
    if (auth.authorization_type === 'custom' && !filled(auth.custom_auth_header))
      missing.push('custom_auth_header');
  } else if (auth.type === 'oauth') {
    if (!has('oauth_client_id')) missing.push('oauth_client_id');
    if (!has('oauth_client_secret')) missing.push('oauth_client_secret');
    if (!filled(auth.authorization_url)) missing.push('authorization_url');
    if (!filled(auth.client_url)) missing.push('client_url');
    if (!filled(auth.scope)) missing.push('scope');
  }
  return missing;
}

/** An HTTP header name (RFC 9110 token). */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers the request itself sets; a key sent in one of them would be overwritten or break the request. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'cookie',
]);
const HTTP_URL = /^https?:\/\/[^\s/?#@]+(?:[/?#]\S*)?$/i;

/** Given fields whose form is wrong: a custom header that is not a usable header name, an OAuth URL that is not http(s). */
export function invalidActionAuthFields(values: ActionAuthValues): ActionAuthField[] {
  const auth = values.auth ?? {};
  const invalid: ActionAuthField[] = [];
  const header = auth.custom_auth_header;
  if (
    auth.type === 'service_http' &&
    auth.authorization_type === 'custom' &&
    filled(header) &&
    (!HEADER_NAME.test(header!.trim()) || RESERVED_HEADERS.has(header!.trim().toLowerCase()))
  ) {
    invalid.push('custom_auth_header');
  }
  if (auth.type === 'oauth') {
    for (const field of ['authorization_url', 'client_url'] as const) {
      if (filled(auth[field]) && !HTTP_URL.test(auth[field]!.trim())) invalid.push(field);
    }
  }
  return invalid;
}
