import { useQuery } from '@tanstack/react-query';
import { messageCostSchema, type MessageCost } from '@parley/shared';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/**
 * `GET /api/messages/:conversationId/:messageId/cost`: what a reply cost, asked for when its details open (the
 * settlement is written as the reply ends, so it is read then rather than carried on the message).
 */
export function useMessageCostQuery(conversationId: string, messageId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.messageCost(messageId),
    enabled,
    staleTime: 0,
    queryFn: async (): Promise<MessageCost> =>
      messageCostSchema.parse(await api.call('getMessageCost', { params: { conversationId, messageId } })),
  });
}
