import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Assistant } from '@parley/shared';
import { useConversationStore } from '../../chat/conversation.store';
import { setupForEndpoint } from '../../endpoints/endpoint-setup';
import { endpointsQueryOptions, modelsQueryOptions } from '../../endpoints/endpoints.api';
import { useOpenNewConversation } from '../../endpoints/hooks/use-new-conversation';
import { endpointSwitchesInPlace } from '../../endpoints/switching';
import { useSettingsStore } from '../../settings/settings.store';

/**
 * The builder's Select: the chat goes on with this assistant. Within an assistants chat only the assistant changes;
 * from another endpoint it switches as the model menu does (in place while nothing was sent, else a new chat).
 */
export function useChatWithAssistant() {
  const client = useQueryClient();
  const openNew = useOpenNewConversation();
  return useCallback(
    (assistant: Assistant) => {
      const { conversationId, title, setup, load, patchSetup } = useConversationStore.getState();
      if (setup.endpoint === 'assistants') {
        patchSetup({ assistant_id: assistant.id, model: assistant.model });
        return;
      }
      const next = {
        ...setupForEndpoint(
          'assistants',
          client.getQueryData(endpointsQueryOptions.queryKey),
          client.getQueryData(modelsQueryOptions.queryKey),
          assistant.model,
        ),
        assistant_id: assistant.id,
      };
      if (endpointSwitchesInPlace(conversationId, useSettingsStore.getState().modularChat)) {
        load({ conversationId, title, setup: next });
      } else openNew(next);
    },
    [client, openNew],
  );
}
