import { z } from 'zod';

/** Messages of the user-key rules (docs/reference/endpoints-and-models.md (User-provided keys)). */
export const KEY_MESSAGES = {
  valueRequired: 'value is required',
  expiryInPast: 'expiresAt must not be in the past',
  /** `{fields}` is a comma-separated list of field names. */
  fieldsRequired: 'The following fields are required: {fields}',
  invalidServiceKey:
    'Invalid service account key file: it must be JSON with client_email, project_id and private_key',
} as const;

/**
 * Error `type`s the chat pipeline sends as JSON text when a user key is missing or expired
 * (docs/reference/endpoints-and-models.md (User-provided keys)).
 */
export const USER_KEY_ERROR_TYPES = { noUserKey: 'no_user_key', expiredUserKey: 'expired_user_key' } as const;

/**
 * The web's key-expiry choices in milliseconds (docs/reference/endpoints-and-models.md (User-provided keys)); 12 hours
 * is the default.
 */
export const KEY_EXPIRY_OPTIONS_MS = {
  '30m': 30 * 60_000,
  '2h': 2 * 3_600_000,
  '12h': 12 * 3_600_000,
  '1d': 24 * 3_600_000,
  '7d': 7 * 24 * 3_600_000,
  '30d': 30 * 24 * 3_600_000,
} as const;
export const DEFAULT_KEY_EXPIRY = '12h';

/** Fields of the Azure OpenAI key JSON (docs/reference/endpoints-and-models.md (User-provided keys)). */
export const AZURE_KEY_FIELDS = [
  'azureOpenAIApiKey',
  'azureOpenAIApiInstanceName',
  'azureOpenAIApiDeploymentName',
  'azureOpenAIApiVersion',
] as const;

/**
 * The Azure names of a key as Azure allows them (docs/reference/endpoints-and-models.md (User-provided keys)). Both go
 * into the request's URL, so anything else could point it elsewhere (`127.0.0.1:4324/x?`): the instance (resource)
 * name is the one DNS label of `{name}.openai.azure.com`; a deployment name is one path segment. The server checks
 * them when a key is saved and again when it is used; `message` names the field.
 */
export const AZURE_NAME_RULES = {
  azureOpenAIApiInstanceName: {
    pattern: /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/,
    message:
      'azureOpenAIApiInstanceName must be the Azure resource name: 1 to 63 letters, digits and hyphens, ' +
      'not starting or ending with a hyphen',
  },
  azureOpenAIApiDeploymentName: {
    pattern: /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,62}[A-Za-z0-9])?$/,
    message:
      'azureOpenAIApiDeploymentName must be the Azure deployment name: 1 to 64 letters, digits, hyphens, ' +
      'underscores and periods, starting and ending with a letter or digit',
  },
} as const;

/**
 * Google service-account JSON rules (docs/reference/endpoints-and-models.md (User-provided keys)); the web checks an
 * imported file with it too.
 */
export const googleServiceKeySchema = z
  .object({
    client_email: z.email().min(3),
    project_id: z.string().min(3),
    private_key: z.string().min(601),
  })
  .loose();

/**
 * `PUT /api/keys`. `value` is a plain key, or JSON text for custom (`{apiKey, baseURL?}`), azureOpenAI (the four
 * AZURE_KEY_FIELDS) and a Google service account. `expiresAt` is ISO 8601; absent or null means never.
 * An empty value is refused by the server with `KEY_MESSAGES.valueRequired`.
 */
export const updateUserKeySchema = z.object({
  name: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }).max(128),
  // Optional here so that a missing value gets its documented text ('value is required') from the service.
  value: z.string({ error: 'must be a string' }).nullish(),
  expiresAt: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).nullish(),
});
export type UpdateUserKey = z.infer<typeof updateUserKeySchema>;

/** `PUT /api/keys` answer: never the value. */
export const userKeySavedSchema = z.object({ name: z.string(), expiresAt: z.string().nullable() });
export type UserKeySaved = z.infer<typeof userKeySavedSchema>;

/** What `GET /api/keys?name=` answers for a stored key without an expiry. */
export const KEY_NEVER_EXPIRES = 'never';

/**
 * `GET /api/keys?name=` answer (docs/reference/endpoints-and-models.md (User-provided keys)): the ISO expiry of the
 * stored key, `'never'` for a stored key without one, null when no unexpired key is stored.
 */
export const userKeyExpirySchema = z.object({ expiresAt: z.string().nullable() });
export type UserKeyExpiry = z.infer<typeof userKeyExpirySchema>;

/** Query of `GET /api/keys`. */
export const userKeyQuerySchema = z.object({
  name: z.string({ error: 'is required' }).trim().min(1, { error: 'is required' }),
});

/** Query of `DELETE /api/keys`: only `all=true` is accepted, so a stray call cannot wipe every key. */
export const deleteAllKeysQuerySchema = z.object({
  all: z.literal('true', { error: 'must be "true" to delete all keys' }),
});
