import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@parley/shared';
import { storage } from '../../../lib/storage';
import { useConversationStore } from '../../chat/conversation.store';
import { useSettingsStore } from '../../settings/settings.store';
import { endpointsQueryOptions, modelsQueryOptions } from '../endpoints.api';
import { withRememberedTools } from '../../plugins/remembered-tools';
import { withRememberedBing } from '../bing-settings';
import { kindOf, setupForEndpoint, setupForModel } from '../endpoint-setup';
import { endpointSwitchesInPlace } from '../switching';
import { useOpenNewConversation } from './use-new-conversation';

/**
 * Picks an endpoint and model. Another model of the same endpoint keeps the options; another endpoint takes
 * its defaults and the model given (else the one last chosen for it), in place or in a new conversation by
 * the switching rule. Answers whether the endpoint changed.
 */
export function useSelectEndpoint() {
  const client = useQueryClient();
  const openNew = useOpenNewConversation();
  return useCallback(
    (endpoint: string, model?: string): boolean => {
      const config = client.getQueryData(endpointsQueryOptions.queryKey);
      const models = client.getQueryData(modelsQueryOptions.queryKey);
      const { conversationId, title, setup, load } = useConversationStore.getState();
      if (endpoint === setup.endpoint) {
        if (model && model !== setup.model) {
          load({ conversationId, title, setup: setupForModel(setup, config, model) });
        }
        return false;
      }
      const remembered = storage.get(STORAGE_KEYS.lastSelectedModel)?.[endpoint];
      const kind = kindOf(endpoint, config);
      const next = withRememberedBing(
        withRememberedTools(setupForEndpoint(endpoint, config, models, model ?? remembered), kind),
        kind,
      );
      const modular = useSettingsStore.getState().modularChat;
      if (endpointSwitchesInPlace(conversationId, modular)) load({ conversationId, title, setup: next });
      else openNew(next);
      return true;
    },
    [client, openNew],
  );
}
