import { useQuery } from '@tanstack/react-query';
import { usageSchema } from '@parley/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/** `GET /api/balance/usage?days=N` (docs/reference/commerce.md (Usage)): fetched each time the tab opens. */
export function useUsageQuery(days: number) {
  return useQuery({
    queryKey: queryKeys.usage(days),
    queryFn: async () => usageSchema.parse(await api.call('getUsage', { query: { days } })),
    staleTime: 0,
  });
}
