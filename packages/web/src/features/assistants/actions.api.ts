import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Action, Assistant } from '@parley/shared';
import { api } from '../../lib/api';
import { assistantKeys } from './assistants.api';
import type { actionPayload } from './action-form';

// An assistant's actions (docs/reference/assistants.md (Tools)): listed, saved from the editor, deleted.

const actionKeys = { list: ['assistants', 'actions'] as const };

/** `GET /api/assistants/actions`: the user's actions, each with its assistant. */
export function useActionsQuery(enabled = true) {
  return useQuery({ queryKey: actionKeys.list, queryFn: () => api.call('listAssistantActions'), enabled });
}

const putAssistant = (client: ReturnType<typeof useQueryClient>, assistant: Assistant) =>
  client.setQueryData<Assistant[]>(assistantKeys.list, (list = []) =>
    list.map((a) => (a.id === assistant.id ? assistant : a)),
  );

/**
 * `POST /api/assistants/actions/:assistant_id`: creates or updates the action; the answer's second item is the
 * assistant with its new functions, the third the action.
 */
export function useSaveActionMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ assistantId, body }: { assistantId: string; body: ReturnType<typeof actionPayload> }) =>
      api.call('updateAssistantAction', { params: { assistant_id: assistantId }, body }),
    onSuccess: ([, assistant, action]) => {
      putAssistant(client, assistant);
      client.setQueryData<Action[]>(actionKeys.list, (list = []) =>
        list.some((a) => a.action_id === action.action_id)
          ? list.map((a) => (a.action_id === action.action_id ? action : a))
          : [...list, action],
      );
      void client.invalidateQueries({ queryKey: assistantKeys.documents });
    },
  });
}

/** `DELETE /api/assistants/actions/:assistant_id/:action_id`: the action and its functions go. */
export function useDeleteActionMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ assistantId, actionId }: { assistantId: string; actionId: string }) =>
      api.call('deleteAssistantAction', { params: { assistant_id: assistantId, action_id: actionId } }),
    onSuccess: (_answer, { actionId }) => {
      client.setQueryData<Action[]>(actionKeys.list, (list = []) =>
        list.filter((a) => a.action_id !== actionId),
      );
      return Promise.all([
        client.invalidateQueries({ queryKey: assistantKeys.list }),
        client.invalidateQueries({ queryKey: assistantKeys.documents }),
      ]);
    },
  });
}
