import { z } from 'zod';
import { ACTION_MAX_OPERATIONS, ACTION_SPEC_MAX_CHARS } from './action-limits';

/** How an action's API is signed in to: not at all, with a key, or with the user's OAuth consent. */
export const ACTION_AUTH_TYPES = ['none', 'service_http', 'oauth'] as const;
export type ActionAuthType = (typeof ACTION_AUTH_TYPES)[number];

/** How an API key is sent: `Authorization: Basic …`, `Authorization: Bearer …`, or in a header the user names. */
export const ACTION_AUTHORIZATION_TYPES = ['basic', 'bearer', 'custom'] as const;
export type ActionAuthorizationType = (typeof ACTION_AUTHORIZATION_TYPES)[number];

/** How the OAuth client proves itself at the token URL: id and secret in the form body, or an HTTP Basic header. */
export const ACTION_TOKEN_EXCHANGE_METHODS = ['default_post', 'basic_auth_header'] as const;
export type ActionTokenExchangeMethod = (typeof ACTION_TOKEN_EXCHANGE_METHODS)[number];

const text = (max: number) => z.string().max(max);
/** LibreChat's clients send unused fields as null or ''; both mean "not given". */
const optionalText = (max: number) =>
  z.preprocess((v) => (v === null || v === '' ? undefined : v), text(max).optional());

/**
 * The auth settings of an action, with the editor's defaults: type `none`, authorization type `basic`, token exchange
 * `default_post`. The API key and OAuth client secrets are not here but beside it in the metadata.
 */
export const actionAuthSchema = z.object({
  type: z.enum(ACTION_AUTH_TYPES).default('none'),
  authorization_type: z.enum(ACTION_AUTHORIZATION_TYPES).default('basic'),
  custom_auth_header: optionalText(256),
  /** The provider's consent page, opened in the user's browser. */
  authorization_url: optionalText(2048),
  /** The provider's token URL, called by the server. */
  client_url: optionalText(2048),
  scope: optionalText(1024),
  token_exchange_method: z.enum(ACTION_TOKEN_EXCHANGE_METHODS).default('default_post'),
});
export type ActionAuth = z.output<typeof actionAuthSchema>;
export type ActionAuthInput = z.input<typeof actionAuthSchema>;

/** The editor's starting auth settings. */
export const DEFAULT_ACTION_AUTH: ActionAuth = Object.freeze(actionAuthSchema.parse({}));

/** The secret fields of an action's metadata: stored encrypted, never answered. */
export const ACTION_SECRET_FIELDS = ['api_key', 'oauth_client_id', 'oauth_client_secret'] as const;
export type ActionSecretField = (typeof ACTION_SECRET_FIELDS)[number];

/** An action's metadata as a client sends it: the schema, where it points, and how it signs in. */
export const actionMetadataSchema = z.object({
  raw_spec: text(ACTION_SPEC_MAX_CHARS).optional(),
  /** The host name of the schema's first server; the server works it out itself and ignores a client's. */
  domain: optionalText(253),
  auth: actionAuthSchema.optional(),
  api_key: optionalText(4096),
  oauth_client_id: optionalText(1024),
  oauth_client_secret: optionalText(4096),
  privacy_policy_url: optionalText(2048),
});
export type ActionMetadata = z.output<typeof actionMetadataSchema>;
export type ActionMetadataInput = z.input<typeof actionMetadataSchema>;

/** The metadata a client is answered: without any secret. */
export type PublicActionMetadata = Omit<ActionMetadata, ActionSecretField>;

/** An action as the API answers it. */
export interface Action {
  action_id: string;
  assistant_id: string;
  metadata: PublicActionMetadata;
}

/** A function tool in LibreChat's shape (`{type: 'function', function: {...}}`), as an assistant lists it. */
export const functionToolSchema = z.object({
  type: z.literal('function'),
  function: z.object({
    name: z.string().max(256),
    description: z.string().max(8192).optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});
export type FunctionTool = z.infer<typeof functionToolSchema>;

/**
 * The body of saving an action, as LibreChat's clients send it. `functions` is accepted and ignored: the server makes
 * the functions from `metadata.raw_spec` itself.
 */
export const saveActionPayloadSchema = z.object({
  action_id: z.string().min(1).max(64).optional(),
  assistant_id: z.string().max(64).optional(),
  metadata: actionMetadataSchema,
  functions: z
    .array(z.unknown())
    .max(ACTION_MAX_OPERATIONS * 4)
    .optional(),
  endpoint: z.string().max(64).optional(),
  version: z.union([z.string().max(16), z.number()]).optional(),
  model: z.string().max(256).optional(),
});
export type SaveActionPayload = z.output<typeof saveActionPayloadSchema>;
