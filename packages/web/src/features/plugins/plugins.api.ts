import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { UpdateUserPlugins } from '@parley/shared';
import { api } from '../../lib/api';
import { requireUser } from '../../lib/auth-result';
import { queryClient, queryKeys } from '../../lib/query-client';
import { useAuthStore } from '../auth/auth.store';

// The plugin store's calls (docs/reference/tools.md (The plugin store)).

/** `GET /api/plugins`: the store, with whether this user can use each plugin now. */
export const pluginsQueryOptions = queryOptions({
  queryKey: queryKeys.plugins,
  queryFn: () => api.call('listPlugins'),
});

export function usePluginsQuery() {
  return useQuery(pluginsQueryOptions);
}

/** The keys of the user's installed plugins (`plugins` of `GET /api/user`). */
export function useInstalledKeys(): string[] {
  return useAuthStore((s) => s.user?.plugins) ?? NONE;
}
const NONE: string[] = [];

/**
 * `POST /api/user/plugins`: the answer is the user, whose `plugins` becomes the installed state everywhere; the
 * store is fetched again, since saving or deleting credentials changes which plugins are `authenticated`.
 */
export function useUpdateUserPluginsMutation() {
  return useMutation({
    mutationFn: async (body: UpdateUserPlugins) => {
      const user = requireUser(await api.call('updateUserPlugins', { body }));
      useAuthStore.getState().setUser(user);
      queryClient.setQueryData(queryKeys.user, user);
      await queryClient.invalidateQueries({ queryKey: pluginsQueryOptions.queryKey });
      return user;
    },
  });
}
