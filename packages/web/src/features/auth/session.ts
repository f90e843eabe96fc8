import type { AuthResult } from '@parley/shared';
import { api, configureApi } from '../../lib/api';
import { readAuthResult } from '../../lib/auth-result';
import { errorText, isApiError, isBanError } from '../../lib/api-error';
import { appNavigation } from '../../lib/navigation';
import { onAnyError, queryClient, queryKeys } from '../../lib/query-client';
import { storage } from '../../lib/storage';
import { showToast } from '../toast/toast.store';
import { useAuthStore } from './auth.store';
import { usePendingDeleteKeys } from '../undo/pending-delete-keys';

/** Stores a fresh session: the token in memory, the user in the store and the query cache. */
export function signIn(result: AuthResult): void {
  useAuthStore.getState().setSession(result);
  queryClient.setQueryData(queryKeys.user, result.user);
}

/** Forgets the session in this tab without calling the server (its check already failed). */
export function signOutLocally(): void {
  useAuthStore.getState().signOut();
  queryClient.removeQueries({ queryKey: queryKeys.user });
}

let started: Promise<void> | null = null;

/**
 * The silent refresh on start (docs/reference/accounts.md (The session in the browser)). Runs once per page load,
 * whatever React does with effects: two refreshes with one rotating cookie would look like token reuse to the server.
 */
export function startSession(): Promise<void> {
  started ??= api
    .call('refresh', {}, { redirectOnAuthFailure: false })
    .then((body) => {
      const result = readAuthResult(body);
      if (result) signIn(result);
      else signOutLocally();
    })
    .catch(() => signOutLocally());
  return started;
}

let loggingOut: Promise<void> | null = null;

/** Logout: forget everything this browser holds about the user, then go to /login even on error. */
export function logout(): Promise<void> {
  loggingOut ??= runLogout().finally(() => {
    loggingOut = null;
  });
  return loggingOut;
}

async function runLogout(): Promise<void> {
  // Deletes still in their undo window go out with this session's token, and are answered before the logout ends
  // the session, whose tokens then stop working at once.
  // docs/decisions.md (Logging out sends the waiting deletes first)
  // A delete that hangs does not hold the logout past 3 s.
  await Promise.race([
    usePendingDeleteKeys.getState().sendWaiting(),
    new Promise((resolve) => setTimeout(resolve, 3000)),
  ]);
  try {
    await api.call('logout', {}, { refreshOn401: false });
  } catch (error) {
    // A 401 here just means the session was already gone.
    if (!isApiError(error) || error.status !== 401) {
      showToast({ message: errorText(error), severity: 'error' });
    }
  } finally {
    useAuthStore.getState().signOut();
    queryClient.clear();
    storage.clearOnLogout();
    appNavigation.go('/login');
  }
}

/** Wires the API client and the global error rules to the session. Call once, before rendering. */
export function installSession(): void {
  configureApi({
    getToken: () => useAuthStore.getState().token,
    onRefreshed: signIn,
    onAuthFailure: (search) => {
      signOutLocally();
      appNavigation.go(`/login${search}`);
    },
  });
  onAnyError((error, source) => {
    const { token } = useAuthStore.getState();
    if (token && isBanError(error)) {
      void logout();
      return;
    }
    if (source === 'query' && isApiError(error) && error.status === 401) {
      useAuthStore.getState().setAuthError(true);
    }
  });
}
