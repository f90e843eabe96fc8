import type { ActionAuth, PublicActionMetadata } from '@parley/shared';

/**
 * An action's metadata as it is stored: the schema and settings as given, the domain the server worked out, and the
 * secrets (`api_key`, `oauth_client_id`, `oauth_client_secret`) only as lib/crypto ciphertext bound to the action.
 */
export interface StoredActionMetadata extends PublicActionMetadata {
  raw_spec: string;
  domain: string;
  auth: ActionAuth;
  api_key?: string;
  oauth_client_id?: string;
  oauth_client_secret?: string;
}

/** An action as its store keeps it (the row of whoever stores actions). */
export interface StoredAction {
  action_id: string;
  assistant_id: string;
  metadata: StoredActionMetadata;
}

/** The opened secrets of an action, for the call that needs them and no longer. */
export interface ActionSecrets {
  api_key?: string;
  oauth_client_id?: string;
  oauth_client_secret?: string;
}
