import { randomUUID } from 'node:crypto';
import {
  ACTION_SECRET_FIELDS,
  DEFAULT_ACTION_AUTH,
  actionFunctionName,
  invalidActionAuthFields,
  missingActionAuthFields,
  parseOpenApi,
  type ActionAuth,
  type ActionFunctionSpec,
  type ActionMetadata,
  type ActionSecretField,
  type FunctionTool,
} from '@parley/shared';
import type { CredsConfig } from '../../lib/crypto';
import { AppError } from '../../lib/app-error';
import { refusalOfUrl, type ActionAddressCheck } from './action-host-check';
import { openActionSecrets, sealActionSecret } from './action-secrets';
import type { ActionSecrets, StoredAction, StoredActionMetadata } from './action.types';

export interface PrepareActionInput {
  /** The assistant the action belongs to (the route's `:assistant_id`). */
  assistant_id: string | undefined;
  /** Given when an existing action is updated. */
  action_id?: string | undefined;
  /** As the shared `actionMetadataSchema` parsed it; `domain` and any client-sent functions are ignored. */
  metadata: ActionMetadata;
  /** The stored action being updated (already checked to be this user's): its secrets are kept unless replaced. */
  previous?: StoredAction | undefined;
}

export interface PrepareActionDeps {
  creds: CredsConfig;
  /** Where the server may send requests: the guard's policy (USER_URL_ALLOWED_RANGES) and a resolver. */
  addresses: ActionAddressCheck;
  newId?: () => string;
}

export interface PreparedAction {
  /** What to store: secrets sealed, the domain the schema names. */
  action: StoredAction;
  /** The functions made from the schema on the server (`name` is the operation id). */
  functions: ActionFunctionSpec[];
  /** The assistant's function tools for this action, named `<operationId>_action_<encoded domain>`. */
  tools: FunctionTool[];
  /** True when the stored OAuth tokens of this action no longer fit (provider, client or server changed). */
  oauthTokensStale: boolean;
}

/**
 * Checks and prepares an action for saving: the schema parses with functions and a usable server, the auth settings
 * have every field their kind needs, and neither the API's server nor the OAuth token URL leads to an address the
 * guard refuses. Secrets are sealed with CREDS_KEY; a secret left out of an update keeps its stored value when the
 * auth kind is unchanged. Throws AppError('VALIDATION') with a message the editor can show.
 */
export async function prepareActionForSave(
  input: PrepareActionInput,
  deps: PrepareActionDeps,
): Promise<PreparedAction> {
  if (!input.assistant_id) throw new AppError('VALIDATION', 'An assistant id is required to save an action');
  const rawSpec = input.metadata.raw_spec ?? input.previous?.metadata.raw_spec;
  if (!rawSpec) throw new AppError('VALIDATION', 'No OpenAPI spec provided', { field: 'raw_spec' });
  const parsed = parseOpenApi(rawSpec);
  if (!parsed.ok) {
    throw new AppError('VALIDATION', parsed.errors[0]!.message, { field: 'raw_spec', errors: parsed.errors });
  }
  if (parsed.functions.length === 0)
    throw new AppError('VALIDATION', 'No functions provided', { field: 'raw_spec' });

  const actionId = input.action_id ?? deps.newId?.() ?? randomUUID();
  const previous = input.previous?.action_id === actionId ? input.previous : undefined;
  const { auth, secrets, kept } = mergeAuth(input.metadata, previous);
  const missing = missingActionAuthFields({ auth, ...secrets }, kept);
  if (missing.length > 0) {
    throw new AppError('VALIDATION', `Missing authentication fields: ${missing.join(', ')}`, {
      fields: missing,
    });
  }
  const invalid = invalidActionAuthFields({ auth });
  if (invalid.length > 0) {
    throw new AppError('VALIDATION', `Invalid authentication fields: ${invalid.join(', ')}`, {
      fields: invalid,
    });
  }
  await assertReachable(parsed.serverUrl, parsed.domain, 'server', deps.addresses);
  if (auth.type === 'oauth')
    await assertReachable(auth.client_url!, hostOf(auth.client_url!), 'token URL', deps.addresses);

  const metadata: StoredActionMetadata = {
    raw_spec: rawSpec,
    domain: parsed.domain,
    auth,
    ...(input.metadata.privacy_policy_url ? { privacy_policy_url: input.metadata.privacy_policy_url } : {}),
  };
  const plain = {
    ...(previous ? openActionSecrets(deps.creds, actionId, previous.metadata) : {}),
    ...secrets,
  };
  for (const field of fieldsOf(auth)) {
    const value = plain[field];
    if (value) metadata[field] = sealActionSecret(deps.creds, actionId, field, value);
  }
  return {
    action: { action_id: actionId, assistant_id: input.assistant_id, metadata },
    functions: parsed.functions,
    tools: parsed.functions.map((fn) => ({
      type: 'function',
      function: { ...fn, name: actionFunctionName(fn.name, parsed.domain) },
    })),
    oauthTokensStale: previous ? oauthChanged(previous, metadata, plain, deps.creds) : false,
  };
}

/** The secret fields an auth kind uses; the others are dropped from what is stored. */
function fieldsOf(auth: ActionAuth): ActionSecretField[] {
  if (auth.type === 'service_http') return ['api_key'];
  if (auth.type === 'oauth') return ['oauth_client_id', 'oauth_client_secret'];
  return [];
}

/**
 * The auth to save: the given one, else the stored one (a client that left the dialog alone sends none). Secrets
 * given now replace stored ones; `kept` names the stored secrets an unchanged auth kind keeps.
 */
function mergeAuth(metadata: ActionMetadata, previous: StoredAction | undefined) {
  const auth: ActionAuth = metadata.auth ?? previous?.metadata.auth ?? { ...DEFAULT_ACTION_AUTH };
  const secrets: ActionSecrets = {};
  for (const field of ACTION_SECRET_FIELDS) if (metadata[field]) secrets[field] = metadata[field];
  const kept = new Set<ActionSecretField>();
  if (previous && previous.metadata.auth.type === auth.type) {
    for (const field of ACTION_SECRET_FIELDS) if (previous.metadata[field]) kept.add(field);
  }
  return { auth, secrets, kept };
}

async function assertReachable(url: string, host: string, what: string, check: ActionAddressCheck) {
  const why = await refusalOfUrl(url, check);
  if (why) {
    throw new AppError('VALIDATION', `The ${what} ${host} ${why}, which actions may not reach`, {
      field: what === 'server' ? 'raw_spec' : 'client_url',
    });
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** Whether tokens got for the previous settings may no longer be used with the new ones. */
function oauthChanged(
  previous: StoredAction,
  next: StoredActionMetadata,
  plain: ActionSecrets,
  creds: CredsConfig,
): boolean {
  const before = previous.metadata;
  if (before.auth.type !== 'oauth') return false;
  if (next.auth.type !== 'oauth' || before.domain !== next.domain) return true;
  if (before.auth.client_url !== next.auth.client_url || before.auth.scope !== next.auth.scope) return true;
  const oldId = openActionSecrets(creds, previous.action_id, before).oauth_client_id;
  return oldId !== plain.oauth_client_id;
}
