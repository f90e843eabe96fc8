import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SharedConversation } from '@parley/shared';
import { api } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import { queryKeys } from '../../lib/query-client';

// Share links (docs/reference/sharing.md (Share links; The owner's links; What a link shows)).

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

/** What a reader gets: the branch, or why not (a missing link, or sign-in the operator asks for). */
export type SharedRead =
  { kind: 'shared'; shared: SharedConversation } | { kind: 'missing' } | { kind: 'sign-in' };

/**
 * `GET /api/share/:shareId`, with the token when signed in. A 404 and a 401 are answers, not errors: a reader who is
 * signed out must not be sent to the sign-in page, nor told their session ended.
 */
export function useSharedConversation(shareId: string, enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.sharedConversation(shareId),
    enabled,
    // The images' signed addresses last 10 to 20 minutes; a page kept open reads the link again for new ones.
    staleTime: 5 * 60_000,
    queryFn: async (): Promise<SharedRead> => {
      try {
        const shared = await api.call(
          'getSharedConversation',
          { params: { shareId } },
          { redirectOnAuthFailure: false },
        );
        return { kind: 'shared', shared };
      } catch (error) {
        if (isApiError(error) && error.status === 404) return { kind: 'missing' };
        if (isApiError(error) && error.status === 401) return { kind: 'sign-in' };
        throw error;
      }
    },
  });
}
