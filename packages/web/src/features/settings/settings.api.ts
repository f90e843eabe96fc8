import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api';
import { queryKeys } from '../../lib/query-client';

/**
 * `POST /api/convos/clear` with an empty arg: every conversation of the user
 * (docs/reference/conversations.md (Deleting and clearing)).
 */
export function useClearAllConversations() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.call('clearConversations', { body: { arg: {} } }),
    onSuccess: () => {
      // Loaded conversations and their messages are gone on the server; they are refetched (and found missing)
      // only if shown again. The list refetches now.
      void client.invalidateQueries({ queryKey: [queryKeys.conversation('')[0]], refetchType: 'none' });
      void client.invalidateQueries({ queryKey: [queryKeys.messages('')[0]], refetchType: 'none' });
      void client.invalidateQueries({ queryKey: queryKeys.conversations });
    },
  });
}
