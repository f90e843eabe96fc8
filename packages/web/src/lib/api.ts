import type { AuthResult } from '@parley/shared';
import { createApiClient } from './api-client';

interface SessionHooks {
  getToken: () => string | null;
  onRefreshed: (result: AuthResult) => void;
  onAuthFailure: (search: string) => void;
}

const hooks: SessionHooks = { getToken: () => null, onRefreshed: () => {}, onAuthFailure: () => {} };

/** The session feature plugs its token store and redirects in once, at start-up. */
export function configureApi(next: SessionHooks): void {
  Object.assign(hooks, next);
}

/** The app's single API client (see api-client.ts for the 401 rules). */
export const api = createApiClient({
  fetch: (input, init) => globalThis.fetch(input, init),
  getToken: () => hooks.getToken(),
  onRefreshed: (result) => hooks.onRefreshed(result),
  onAuthFailure: (search) => hooks.onAuthFailure(search),
  getSearch: () => window.location.search,
});
