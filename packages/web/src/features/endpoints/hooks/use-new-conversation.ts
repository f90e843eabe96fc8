import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { EndpointsConfig, ModelsConfig } from '@parley/shared';
import { queryKeys } from '../../../lib/query-client';
import { useConversationStore } from '../../chat/conversation.store';
import { orderedEndpoints } from '../endpoints.api';

/**
 * Starts a new, unsaved conversation ('new') with the setup a new chat should have. (Interim version: first
 * endpoint and its first model; the endpoints feature replaces it with the default preset and the
 * lastConversationSetup / lastSelectedModel memory of spec 1 §3.)
 */
export function useNewConversation() {
  const client = useQueryClient();
  return useCallback(() => {
    const endpoints = client.getQueryData<EndpointsConfig>(queryKeys.endpoints);
    const models = client.getQueryData<ModelsConfig>(queryKeys.models);
    const endpoint = orderedEndpoints(endpoints)[0];
    const model = endpoint ? models?.[endpoint]?.[0] : undefined;
    useConversationStore.getState().load({ conversationId: 'new', setup: { endpoint, model } });
  }, [client]);
}
