import { STORAGE_KEYS, type EndpointKind } from '@parley/shared';
import { storage } from '../../lib/storage';
import { useAuthStore } from '../auth/auth.store';
import type { ConversationSetup } from '../chat/conversation.store';
import { rememberedKeys } from './selected-tools';

/**
 * A Plugins setup picked from the menu starts with the tools last chosen (`lastSelectedTools`), those still installed;
 * other endpoints have no tools, and a setup that already names tools keeps them.
 */
export function withRememberedTools(setup: ConversationSetup, kind: EndpointKind): ConversationSetup {
  if (kind !== 'gptPlugins' || (setup.tools?.length ?? 0) > 0) return setup;
  const installed = useAuthStore.getState().user?.plugins ?? [];
  const tools = rememberedKeys(storage.get(STORAGE_KEYS.lastSelectedTools), installed);
  return tools.length > 0 ? { ...setup, tools } : setup;
}
