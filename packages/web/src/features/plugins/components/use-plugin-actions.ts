import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PLUGIN_AUTH_MIN_LENGTH, type PluginListEntry } from '@parley/shared';
import { errorText } from '../../../lib/api-error';
import { tooShortLabel, type AuthValues } from '../plugin-auth';
import { useUpdateUserPluginsMutation } from '../plugins.api';
import { useTimedMessage } from '../use-timed-message';

export interface Busy {
  pluginKey: string;
  action: 'install' | 'uninstall';
}

/** How long a failed install or uninstall stays said (docs/reference/tools.md (The plugin store)). */
export const ERROR_SHOWN_MS = 5_000;

/**
 * What the store's cards and auth form do: install (straight away, or through the form when the plugin still needs
 * credentials), uninstall, and the banner of a refused call, which clears itself after 5 s.
 */
export function usePluginActions() {
  const { t } = useTranslation();
  const mutation = useUpdateUserPluginsMutation();
  const [authFor, setAuthFor] = useState<PluginListEntry | null>(null);
  const [busy, setBusy] = useState<Busy | null>(null);
  const [error, showError] = useTimedMessage(ERROR_SHOWN_MS);
  // The card whose button should take focus back once the form gives way to the grid.
  const refocus = useRef<string | null>(null);

  useEffect(() => {
    const key = refocus.current;
    if (authFor || !key) return;
    refocus.current = null;
    document
      .querySelector<HTMLButtonElement>(
        `[data-testid="plugin-store-dialog"] [data-plugin-key="${CSS.escape(key)}"] button`,
      )
      ?.focus();
  }, [authFor]);

  /** The server's refusal in the user's language when the app knows it, else as the server wrote it. */
  const serverText = (e: unknown) => {
    const message = errorText(e);
    const label = tooShortLabel(message);
    return label ? t('com_ui_plugins_too_short', { label, min: PLUGIN_AUTH_MIN_LENGTH }) : message;
  };

  const run = async (plugin: PluginListEntry, action: Busy['action'], auth?: AuthValues) => {
    setBusy({ pluginKey: plugin.pluginKey, action });
    showError(null);
    try {
      await mutation.mutateAsync({ pluginKey: plugin.pluginKey, action, ...(auth ? { auth } : {}) });
      if (authFor) {
        refocus.current = plugin.pluginKey;
        setAuthFor(null);
      }
    } catch (e) {
      showError(`${t('com_nav_plugin_auth_error')} ${serverText(e)}`.trim());
    } finally {
      setBusy(null);
    }
  };

  return {
    authFor,
    busy,
    error,
    /** Install, or first ask for the credentials a plugin still needs. */
    startInstall: (plugin: PluginListEntry) => {
      if (!plugin.authenticated && plugin.authConfig.length > 0) setAuthFor(plugin);
      else void run(plugin, 'install');
    },
    install: (plugin: PluginListEntry, auth: AuthValues) => void run(plugin, 'install', auth),
    uninstall: (plugin: PluginListEntry) => void run(plugin, 'uninstall'),
    cancelAuth: () => {
      refocus.current = authFor?.pluginKey ?? null;
      setAuthFor(null);
    },
    /** Closing the store forgets an open form and a shown error. */
    reset: () => {
      setAuthFor(null);
      showError(null);
    },
  };
}
