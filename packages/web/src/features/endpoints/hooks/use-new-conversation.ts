import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@parley/shared';
import { storage } from '../../../lib/storage';
import { useConversationStore, type ConversationSetup } from '../../chat/conversation.store';
import { presetsQueryOptions } from '../../presets/presets.api';
import { endpointsQueryOptions, modelsQueryOptions } from '../endpoints.api';
import { newConversationSetup } from '../new-conversation-setup';

/** Navigation state that hands a chosen setup (a preset, an endpoint) to the new conversation at /c/new. */
interface NewConversationState {
  newConversationSetup?: ConversationSetup;
}

function handedSetup(state: unknown): ConversationSetup | null {
  const setup = (state as NewConversationState | null)?.newConversationSetup;
  return setup && typeof setup === 'object' && typeof setup.endpoint === 'string' ? setup : null;
}

function computeSetup(client: QueryClient): ConversationSetup {
  return newConversationSetup({
    config: client.getQueryData(endpointsQueryOptions.queryKey),
    models: client.getQueryData(modelsQueryOptions.queryKey),
    presets: client.getQueryData(presetsQueryOptions.queryKey),
    lastConversationSetup: storage.get(STORAGE_KEYS.lastConversationSetup),
    lastSelectedModel: storage.get(STORAGE_KEYS.lastSelectedModel),
  });
}

/**
 * Loads a new, unsaved conversation ('new') into the conversation store, with the setup a new chat should
 * have: a setup handed over by `useOpenNewConversation`, else the default preset, else the last setup, else
 * the first endpoint (see newConversationSetup). Until the endpoints, models and presets are loaded the
 * setup is empty; it is filled in once they arrive unless something else was loaded meanwhile.
 */
export function useNewConversation() {
  const client = useQueryClient();
  const { state } = useLocation();
  return useCallback(() => {
    const store = useConversationStore.getState();
    const handed = handedSetup(state);
    if (handed) return store.load({ conversationId: 'new', setup: structuredClone(handed) });
    const loaded = [endpointsQueryOptions, modelsQueryOptions, presetsQueryOptions].every(
      (q) => client.getQueryData(q.queryKey) !== undefined,
    );
    if (loaded) return store.load({ conversationId: 'new', setup: computeSetup(client) });

    const placeholder: ConversationSetup = {};
    store.load({ conversationId: 'new', setup: placeholder });
    void Promise.all([
      client.ensureQueryData(endpointsQueryOptions),
      client.ensureQueryData(modelsQueryOptions),
      // Without presets a new chat still works: it just has no default preset.
      client.ensureQueryData(presetsQueryOptions).catch(() => []),
    ])
      .then(() => {
        const now = useConversationStore.getState();
        if (now.conversationId !== 'new' || now.setup !== placeholder) return;
        now.load({ conversationId: 'new', setup: computeSetup(client) });
      })
      .catch(() => {
        // The endpoint queries report their own failures; the chat stays empty until they load.
      });
  }, [client, state]);
}

/**
 * Starts a new conversation with a chosen setup: in place when the one on screen is still unsaved,
 * otherwise at /c/new, handing the setup over so the new chat does not fall back to the default rules.
 */
export function useOpenNewConversation() {
  const navigate = useNavigate();
  return useCallback(
    (setup: ConversationSetup) => {
      const store = useConversationStore.getState();
      const wasNew = store.conversationId === 'new';
      store.load({ conversationId: 'new', setup });
      if (wasNew) return;
      const state: NewConversationState = { newConversationSetup: setup };
      void navigate('/c/new', { state });
    },
    [navigate],
  );
}
