import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';
import { DEFAULT_STARTUP_CONFIG, readStartupConfig } from './startup-config';

/** The startup config; pages render at once with the defaults and update when it arrives. */
export function useStartupConfig() {
  const query = useQuery({
    queryKey: queryKeys.startupConfig,
    queryFn: async () => readStartupConfig(await api.call('getConfig', {}, { refreshOn401: false })),
    staleTime: Infinity,
    retry: 1,
  });
  return { config: query.data ?? DEFAULT_STARTUP_CONFIG, isLoaded: query.isSuccess };
}
