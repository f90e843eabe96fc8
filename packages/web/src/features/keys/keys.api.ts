import { useQuery } from '@tanstack/react-query';
import { KEYS_API, type UserKeyExpiry } from '@parley/shared';
import { api } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import { queryKeys } from '../../lib/query-client';
import { useEndpointsQuery } from '../endpoints/endpoints.api';
import { userKeyName } from './key-names';

/** The stored key's expiry, or null when none (the server answers 404 when no unexpired key is stored). */
async function fetchExpiry(name: string): Promise<UserKeyExpiry | null> {
  try {
    return await api.request<UserKeyExpiry>(`${KEYS_API.keys}?name=${encodeURIComponent(name)}`);
  } catch (error) {
    if (isApiError(error) && error.status === 404) return null;
    throw error;
  }
}

/**
 * Whether an endpoint needs the user's own key and whether one is stored and unexpired (spec 1 §6).
 * `missing` is true only for userProvide endpoints without a usable key.
 */
export function useUserKeyStatus(endpoint: string | undefined) {
  const { data: config } = useEndpointsQuery();
  const required = Boolean(endpoint && config?.[endpoint]?.userProvide);
  const name = endpoint ? userKeyName(endpoint, config) : '';
  const query = useQuery({
    queryKey: queryKeys.userKey(name),
    queryFn: () => fetchExpiry(name),
    enabled: required,
  });
  const expiresAt = query.data?.expiresAt ?? null;
  const expired = expiresAt !== null && new Date(expiresAt).getTime() <= Date.now();
  const stored = query.data != null && !expired;
  return {
    required,
    name,
    expiresAt,
    loading: required && query.isPending,
    missing: required && !query.isPending && !stored,
  };
}
