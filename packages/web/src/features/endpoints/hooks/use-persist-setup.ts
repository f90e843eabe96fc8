import { useEffect } from 'react';
import { conversationOptionsSchema, STORAGE_KEYS } from '@parley/shared';
import { storage } from '../../../lib/storage';
import { useConversationStore, type ConversationSetup } from '../../chat/conversation.store';
import { rememberBingSettings } from '../bing-settings';

function remember(setup: ConversationSetup): void {
  if (!setup.endpoint) return;
  // Only the options are remembered: a loaded conversation's setup may carry other fields, and its
  // attached files belong to it alone.
  const parsed = conversationOptionsSchema.safeParse(setup);
  const { file_ids: _files, ...options } = parsed.success ? parsed.data : { model: setup.model };
  storage.set(STORAGE_KEYS.lastConversationSetup, { ...options, endpoint: setup.endpoint });
  // A built-in endpoint's name is its kind; the Bing settings are remembered apart as well.
  rememberBingSettings(setup, setup.endpoint === 'bingAI' ? 'bingAI' : undefined);
  if (setup.model) {
    const models = storage.get(STORAGE_KEYS.lastSelectedModel) ?? {};
    if (models[setup.endpoint] !== setup.model) {
      storage.set(STORAGE_KEYS.lastSelectedModel, { ...models, [setup.endpoint]: setup.model });
    }
  }
}

/**
 * Remembers the setup on screen as lastConversationSetup and its model per endpoint as lastSelectedModel
 * (docs/reference/presets.md (The setup of a new chat)), so the next new chat starts from them, also after a reload.
 */
export function usePersistSetup(): void {
  useEffect(() => {
    remember(useConversationStore.getState().setup);
    return useConversationStore.subscribe((state, previous) => {
      if (state.setup !== previous.setup) remember(state.setup);
    });
  }, []);
}
