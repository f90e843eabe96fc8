import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { KEY_NEVER_EXPIRES, type EndpointsConfig, type UserKeyExpiry } from '@parley/shared';
import { api } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import { queryKeys } from '../../lib/query-client';
import { useEndpointsQuery } from '../endpoints/endpoints.api';
import { userKeyName } from './key-names';

// The prefix every `queryKeys.userKey(name)` starts with, to refetch them all at once.
const ALL_USER_KEYS = [queryKeys.userKey('')[0]];

/**
 * The stored key's expiry (`expiresAt` null: it never expires), or null when none is stored. The server answers
 * `{expiresAt: null}` for no key and `'never'` for a key without an expiry; a 404 also means no key
 * (docs/reference/endpoints-and-models.md (User-provided keys)).
 */
export async function fetchExpiry(name: string): Promise<UserKeyExpiry | null> {
  try {
    const { expiresAt } = await api.call('getKeyExpiry', { query: { name } });
    if (expiresAt === null) return null;
    return { expiresAt: expiresAt === KEY_NEVER_EXPIRES ? null : expiresAt };
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

// Longest wait between checks: timers cannot hold a 30-day delay, and a key can be revoked elsewhere.
const MAX_RECHECK_MS = 3_600_000;

/**
 * The expiry query of a stored name. It asks again when the key expires, and the server's `{expiresAt: null}`
 * then turns it into "no key", so a key that runs out while the page is open stops counting as stored.
 */
export function expiryQuery(name: string) {
  return {
    queryKey: queryKeys.userKey(name),
    queryFn: () => fetchExpiry(name),
    refetchInterval: (query: { state: { data: UserKeyExpiry | null | undefined } }) => {
      const at = query.state.data?.expiresAt;
      if (!at) return false as const;
      return Math.min(Math.max(Date.parse(at) - Date.now(), 1000), MAX_RECHECK_MS);
    },
  };
}

/**
 * Whether an endpoint needs the user's own key and whether one is stored and unexpired
 * (docs/reference/endpoints-and-models.md (User-provided keys)). `missing` is true only for userProvide endpoints
 * without a usable key.
 */
export function useUserKeyStatus(endpoint: string | undefined) {
  const { data: config } = useEndpointsQuery();
  const required = Boolean(endpoint && config?.[endpoint]?.userProvide);
  const name = endpoint ? userKeyName(endpoint, config) : '';
  const query = useQuery({ ...expiryQuery(name), enabled: required });
  const expiresAt = query.data?.expiresAt ?? null;
  const stored = query.data != null;
  return {
    required,
    name,
    expiresAt,
    loading: required && query.isPending,
    /** A check is under way (also a refetch of a cached answer that may be stale). */
    checking: required && query.isFetching,
    missing: required && !query.isPending && !stored,
  };
}

/**
 * The key names of the endpoints that need the user's own key, each once (gptPlugins shares openAI's name).
 */
export function userKeyNames(config: EndpointsConfig | undefined): string[] {
  const names = Object.entries(config ?? {})
    .filter(([, entry]) => entry.userProvide)
    .map(([endpoint]) => userKeyName(endpoint, config));
  return [...new Set(names)];
}

/**
 * Whether the cache holds a usable key for the endpoint: a stored key that never expires or expires later. Unknown
 * (not fetched, or the fetch failed) counts as none.
 */
export function cachedKeyUsable(
  client: QueryClient,
  endpoint: string,
  config: EndpointsConfig | undefined,
): boolean {
  const stored = client.getQueryData<UserKeyExpiry | null>(queryKeys.userKey(userKeyName(endpoint, config)));
  if (!stored) return false;
  return stored.expiresAt === null || Date.parse(stored.expiresAt) > Date.now();
}

/** `GET /api/keys?name=` for one stored name, whatever endpoint asks (the dialog shows the expiry). */
export function useUserKeyExpiry(name: string | null) {
  return useQuery({ ...expiryQuery(name ?? ''), enabled: Boolean(name) });
}

/** `PUT /api/keys`; the stored key's expiry query refetches after. */
export function useSaveUserKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { name: string; value: string; expiresAt: string }) =>
      api.call('saveKey', { body: input }),
    onSuccess: (_saved, { name }) => client.invalidateQueries({ queryKey: queryKeys.userKey(name) }),
  });
}

/** `DELETE /api/keys/{name}`. */
export function useRevokeUserKey() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => api.call('deleteKey', { params: { name } }),
    onSuccess: (_void, name) => client.invalidateQueries({ queryKey: queryKeys.userKey(name) }),
  });
}

/** `DELETE /api/keys?all=true`: every stored key of the user; every key status refetches. */
export function useRevokeAllUserKeys() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('deleteAllKeys', { query: { all: 'true' } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ALL_USER_KEYS }),
  });
}
