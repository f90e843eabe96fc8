import {
  DEFAULT_ACTION_AUTH,
  invalidActionAuthFields,
  missingActionAuthFields,
  type Action,
  type ActionAuth,
  type ActionAuthField,
  type ActionFunctionSpec,
  type ActionSecretField,
} from '@parley/shared';

/** The actions editor's form: the schema, the privacy policy URL, the auth settings and the secrets typed now. */
export interface ActionFormValues {
  rawSpec: string;
  privacyPolicyUrl: string;
  auth: ActionAuth;
  /** Secrets are never shown back: these hold only what the user types, '' keeps a saved one. */
  apiKey: string;
  clientId: string;
  clientSecret: string;
}

/** A new action: no schema, auth None with Basic and the POST token exchange pre-chosen for when it changes. */
export function emptyActionForm(): ActionFormValues {
  return {
    rawSpec: '',
    privacyPolicyUrl: '',
    auth: { ...DEFAULT_ACTION_AUTH },
    apiKey: '',
    clientId: '',
    clientSecret: '',
  };
}

/** A saved action as the form shows it, secrets empty. */
export function actionToForm(action: Action): ActionFormValues {
  return {
    ...emptyActionForm(),
    rawSpec: action.metadata.raw_spec ?? '',
    privacyPolicyUrl: action.metadata.privacy_policy_url ?? '',
    auth: { ...DEFAULT_ACTION_AUTH, ...action.metadata.auth },
  };
}

/**
 * The secrets a saved action already holds: a save of an API key action needed its key, of an OAuth one its client id
 * and secret, so those are kept when the fields are left empty.
 */
export function savedSecretsOf(action: Action | null): Set<ActionSecretField> {
  const type = action?.metadata.auth?.type;
  if (type === 'service_http') return new Set(['api_key']);
  if (type === 'oauth') return new Set(['oauth_client_id', 'oauth_client_secret']);
  return new Set();
}

/** What is wrong with an auth field: not given, or given in a form that cannot work. */
export interface AuthProblem {
  field: ActionAuthField;
  problem: 'missing' | 'invalid';
}

/** The auth fields a save still needs or has wrong, in the dialog's order (none for auth None). */
export function authProblems(values: ActionFormValues, saved: ReadonlySet<ActionSecretField>): AuthProblem[] {
  const check = {
    auth: values.auth,
    api_key: values.apiKey,
    oauth_client_id: values.clientId,
    oauth_client_secret: values.clientSecret,
  };
  return [
    ...missingActionAuthFields(check, saved).map((field) => ({ field, problem: 'missing' as const })),
    ...invalidActionAuthFields(check).map((field) => ({ field, problem: 'invalid' as const })),
  ];
}

const given = (text: string) => (text.trim() === '' ? undefined : text.trim());

/**
 * The body of saving an action: the functions the schema makes (the server makes its own from `raw_spec` and checks
 * them), its domain, and only the secrets of the chosen auth type that were typed now.
 */
export function actionPayload(
  values: ActionFormValues,
  parsed: { functions: ActionFunctionSpec[]; domain: string },
  actionId: string | null,
) {
  const { type } = values.auth;
  return {
    functions: parsed.functions.map((fn) => ({ type: 'function' as const, function: fn })),
    ...(actionId ? { action_id: actionId } : {}),
    metadata: {
      raw_spec: values.rawSpec,
      domain: parsed.domain,
      auth: values.auth,
      privacy_policy_url: given(values.privacyPolicyUrl),
      ...(type === 'service_http' ? { api_key: given(values.apiKey) } : {}),
      ...(type === 'oauth'
        ? { oauth_client_id: given(values.clientId), oauth_client_secret: given(values.clientSecret) }
        : {}),
    },
  };
}
