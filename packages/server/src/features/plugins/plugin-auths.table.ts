import type { Insertable, Selectable } from 'kysely';

/**
 * One credential a user saved for a plugin. `auth_field` is the catalogue's `authField` as written (`A||B` whole);
 * `value` is `lib/crypto` ciphertext bound to its user, plugin and field, never the credential itself.
 */
export interface PluginAuthsTable {
  user_id: string;
  plugin_key: string;
  auth_field: string;
  value: string;
  created_at: string;
  updated_at: string;
}
export type PluginAuthRow = Selectable<PluginAuthsTable>;
export type NewPluginAuthRow = Insertable<PluginAuthsTable>;
