import { useQuery } from '@tanstack/react-query';
import type { SharedConversation } from '@parley/shared';
import { api } from '../../lib/api';
import { isApiError } from '../../lib/api-error';
import { queryKeys } from '../../lib/query-client';

// Reading a link (docs/reference/sharing.md (What a link shows)): apart from the owner's calls, so the /share page
// loads nothing it does not use.

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
