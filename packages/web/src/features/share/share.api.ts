import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

// The owner's share links (docs/reference/sharing.md (Share links; The owner's links)).

/** `GET /api/share/link/:conversationId`: the conversation's newest link, if any. */
export function useShareOfConversation(conversationId: string) {
  return useQuery({
    queryKey: queryKeys.shareOfConversation(conversationId),
    queryFn: () => api.call('getShareOfConversation', { params: { conversationId } }),
  });
}

/** After a link is made, renewed or revoked: the conversation's link and the settings' list are asked again. */
function useRefreshLinks() {
  const client = useQueryClient();
  return (conversationId?: string) => {
    void client.invalidateQueries({ queryKey: queryKeys.sharedLinks });
    if (conversationId)
      void client.invalidateQueries({ queryKey: queryKeys.shareOfConversation(conversationId) });
  };
}

/** `POST /api/share/:conversationId`, up to `targetMessageId` when given (else the branch the web shows). */
export function useCreateShare() {
  const refresh = useRefreshLinks();
  return useMutation({
    mutationFn: ({ conversationId, targetMessageId }: { conversationId: string; targetMessageId?: string }) =>
      api.call('createShare', {
        params: { conversationId },
        body: targetMessageId ? { targetMessageId } : {},
      }),
    onSuccess: (created) => refresh(created.conversationId),
  });
}

/** `PATCH /api/share/:shareId`: a fresh copy under a new id. */
export function useRenewShare() {
  const refresh = useRefreshLinks();
  return useMutation({
    mutationFn: (shareId: string) => api.call('renewShare', { params: { shareId } }),
    onSuccess: (renewed) => refresh(renewed.conversationId),
  });
}

/** `DELETE /api/share/:shareId`: revoked at once. */
export function useDeleteShare() {
  const refresh = useRefreshLinks();
  return useMutation({
    mutationFn: ({ shareId }: { shareId: string; conversationId: string }) =>
      api.call('deleteShare', { params: { shareId } }),
    onSuccess: (_deleted, { conversationId }) => refresh(conversationId),
  });
}

/** `GET /api/share`, newest first, a page at a time. */
export function useSharedLinks() {
  return useInfiniteQuery({
    queryKey: queryKeys.sharedLinks,
    queryFn: ({ pageParam }) =>
      api.call('listSharedLinks', { query: pageParam ? { cursor: pageParam } : {} }),
    initialPageParam: '',
    getNextPageParam: (last) => (last.hasNextPage ? last.nextCursor : undefined),
  });
}
