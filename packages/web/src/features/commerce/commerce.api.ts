import { useQuery } from '@tanstack/react-query';
import {
  inviteStatsSchema,
  orderSummarySchema,
  purchaseOptionsSchema,
  type OrderSummary,
} from '@parley/shared';
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

/** How often, and how many times, the paid notice asks about an order still pending (the provider's notice is late). */
export const ORDER_POLL_MS = 2000;
export const ORDER_POLL_TRIES = 30;

/**
 * `GET /api/orders/:orderId`: the order a payment page sent the buyer back from. A provider may send the browser
 * back before its notice arrives, so a pending order is asked about again every 2 s, for a minute at most.
 */
export function useOrderQuery(orderId: string | null) {
  return useQuery({
    queryKey: queryKeys.order(orderId ?? ''),
    enabled: orderId !== null,
    staleTime: 0,
    queryFn: async (): Promise<OrderSummary> =>
      orderSummarySchema.parse(await api.call('getOrder', { params: { orderId: orderId! } })),
    refetchInterval: (query) =>
      query.state.data?.status === 'pending' && query.state.dataUpdateCount < ORDER_POLL_TRIES
        ? ORDER_POLL_MS
        : false,
  });
}
