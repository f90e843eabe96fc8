import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS } from '@parley/shared';
import { storage } from '../../../lib/storage';
import { useConversationStore, type ConversationSetup } from '../../chat/conversation.store';
import { presetsQueryOptions } from '../../presets/presets.api';
import { endpointsQueryOptions, modelsQueryOptions } from '../endpoints.api';
import { cachedKeyUsable, expiryQuery, userKeyNames } from '../../keys/keys.api';
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
  const config = client.getQueryData(endpointsQueryOptions.queryKey);
  return newConversationSetup({
    config,
    models: client.getQueryData(modelsQueryOptions.queryKey),
    presets: client.getQueryData(presetsQueryOptions.queryKey),
    lastConversationSetup: storage.get(STORAGE_KEYS.lastConversationSetup),
    lastSelectedModel: storage.get(STORAGE_KEYS.lastSelectedModel),
    hasUserKey: (endpoint) => cachedKeyUsable(client, endpoint, config),
  });
}

/** Whether the stored-key answers of every endpoint that needs the user's key are in (a failed one counts). */
function keysKnown(client: QueryClient): boolean {
  const config = client.getQueryData(endpointsQueryOptions.queryKey);
  return userKeyNames(config).every((name) => {
    const status = client.getQueryState(expiryQuery(name).queryKey)?.status;
    return status === 'success' || status === 'error';
  });
}

/** Asks for the stored keys of the endpoints that need the user's key; a failure counts as no key. */
async function ensureKeys(client: QueryClient): Promise<void> {
  const config = client.getQueryData(endpointsQueryOptions.queryKey);
  await Promise.all(
    userKeyNames(config).map((name) => client.ensureQueryData(expiryQuery(name)).catch(() => null)),
  );
}

/**
 * Loads a new, unsaved conversation ('new') into the conversation store, with the setup a new chat should
 * have: a setup handed over by `useOpenNewConversation`, else the default preset, else the last setup, else
 * the first endpoint, each only while the user can use its endpoint (see newConversationSetup). Until the
 * endpoints, models, presets and the user's stored keys are loaded the setup is empty; it is filled in once they
 * arrive unless something else was loaded meanwhile.
 */
export function useNewConversation() {
  const client = useQueryClient();
  const { state } = useLocation();
  return useCallback(() => {
    const store = useConversationStore.getState();
    const handed = handedSetup(state);
    if (handed) return store.load({ conversationId: 'new', setup: structuredClone(handed) });
    const loaded =
      [endpointsQueryOptions, modelsQueryOptions, presetsQueryOptions].every(
        (q) => client.getQueryData(q.queryKey) !== undefined,
      ) && keysKnown(client);
    if (loaded) return store.load({ conversationId: 'new', setup: computeSetup(client) });

    const placeholder: ConversationSetup = {};
    store.load({ conversationId: 'new', setup: placeholder });
    void Promise.all([
      client.ensureQueryData(endpointsQueryOptions),
      client.ensureQueryData(modelsQueryOptions),
      // Without presets a new chat still works: it just has no default preset.
      client.ensureQueryData(presetsQueryOptions).catch(() => []),
    ])
      // Which endpoints the user can use decides where a new chat lands: the stored keys come next.
      .then(() => ensureKeys(client))
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
