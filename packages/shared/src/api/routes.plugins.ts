import { publicUserSchema } from '../auth/auth.schema';
import { pluginListSchema, updateUserPluginsSchema } from '../plugins/plugin-store.schema';
import type { RouteSpec } from './api-route';
import type { RouteName } from './route-paths';
import { signedIn } from './route-parts';

/** The plugin store (docs/reference/tools.md (The plugin store)): what can be installed, and installing it. */
export const PLUGIN_ROUTES = {
  listPlugins: signedIn('Plugins', 'The plugins of the store, with whether the user can use each now', {
    responses: { 200: pluginListSchema },
    description:
      '`authenticated` is true when every `authField` of the plugin is set by the operator (for `A||B`, either ' +
      'name) or saved by this user; a plugin without `authConfig` is always authenticated. Saved values are never ' +
      'answered.',
  }),
  updateUserPlugins: signedIn('Plugins', 'Install or uninstall a plugin for the signed-in user', {
    body: updateUserPluginsSchema,
    responses: { 200: publicUserSchema },
    errors: {
      400:
        'An unknown pluginKey, or a credential the operator does not set that is missing or shorter than 10 ' +
        "characters ('{label} must be at least 10 characters long').",
    },
    description:
      'Answers the user as `GET /api/user` does. Install saves the `auth` values of the fields the operator does ' +
      'not set, encrypted (values for fields the operator sets, or the plugin does not have, are ignored); ' +
      "uninstall deletes the user's saved values for the plugin. `isAssistantTool` is accepted and has no effect.",
  }),
} satisfies Partial<Record<RouteName, RouteSpec>>;
