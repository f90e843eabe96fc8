import { pathOf } from '@parley/shared';
import { post, type ChatApp } from './chat.test-helpers';

/** Installs a plugin for the app's user, as the plugin store does (`POST /api/user/plugins`). */
export function installPlugin(app: ChatApp, pluginKey: string, auth?: Record<string, string>) {
  return post(app, app.token, pathOf('updateUserPlugins'), {
    pluginKey,
    action: 'install',
    ...(auth ? { auth } : {}),
  });
}
