import { useQuery } from '@tanstack/react-query';
import { inviteStatsSchema, purchaseOptionsSchema } from '@parley/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/** `GET /api/purchaseOptions`: the cards and packs, asked for each time the recharge dialog opens. */
export function usePurchaseOptionsQuery(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.purchaseOptions,
    enabled,
    staleTime: 0,
    queryFn: async () => purchaseOptionsSchema.parse(await api.call('getPurchaseOptions')),
  });
}

/** `GET /api/user/invites`: the invite code and the cash-back figures. */
export function useInviteStatsQuery(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.inviteStats,
    enabled,
    staleTime: 0,
    queryFn: async () => inviteStatsSchema.parse(await api.call('getInviteStats')),
  });
}
