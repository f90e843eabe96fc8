import { z } from 'zod';
import { pluginSchema } from './plugin-catalogue';

/** The shortest credential a user may save for a plugin: shorter is a typo, not a key or an address. */
export const PLUGIN_AUTH_MIN_LENGTH = 10;

/** The refusal of a missing or short credential; the label is the catalogue's (docs/reference/tools.md (The plugin store)). */
export const pluginAuthTooShort = (label: string) =>
  `${label} must be at least ${PLUGIN_AUTH_MIN_LENGTH} characters long`;

/** The refusal of a plugin key neither the catalogue nor the user's installed list has. */
export const unknownPlugin = (pluginKey: string) => `pluginKey: unknown plugin "${pluginKey}"`;

/** `GET /api/plugins`: every plugin of the store, with whether this user can use it now. */
export const pluginListSchema = z.array(pluginSchema.required({ authenticated: true }));
export type PluginListEntry = z.infer<typeof pluginListSchema>[number];

/**
 * `POST /api/user/plugins`, as LibreChat v0.6.10's client sends it: `auth` maps an `authField` to the user's value
 * (null or absent when the plugin needs none from the user); `isAssistantTool` is accepted and has no effect yet.
 */
export const updateUserPluginsSchema = z.object({
  pluginKey: z.string().min(1).max(200),
  action: z.enum(['install', 'uninstall']),
  auth: z.record(z.string(), z.string().max(4096)).nullish(),
  isAssistantTool: z.boolean().optional(),
});
export type UpdateUserPlugins = z.infer<typeof updateUserPluginsSchema>;
