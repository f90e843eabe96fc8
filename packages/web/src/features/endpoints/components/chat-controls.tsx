import { useEffect } from 'react';
import { useConversationStore } from '../../chat/conversation.store';
import { PresetDialogs } from '../../presets/components/lazy-preset-dialogs';
import { LazyPresetsMenu } from '../../presets/components/presets-menu-lazy';
import { usePresetsQuery } from '../../presets/presets.api';
import { useEndpointsQuery, useModelsQuery } from '../endpoints.api';
import { useKeyPrompt } from '../hooks/use-key-prompt';
import { useNewConversation } from '../hooks/use-new-conversation';
import { usePersistSetup } from '../hooks/use-persist-setup';
import { useSelectEndpoint } from '../hooks/use-select-endpoint';
import { LazyEndpointMenu } from './endpoint-menu-lazy';
import { KeyButton } from './key-button';
import { LazyOptionsPopover } from './options-popover-lazy';

/** The top bar's endpoint and model picker, key button, options popover and presets menu. */
export function ChatControls() {
  const selectEndpoint = useSelectEndpoint();
  const promptForKey = useKeyPrompt();
  usePersistSetup();
  useFillEmptyNewConversation();

  return (
    <div className="flex min-w-0 items-center gap-0.5">
      <LazyEndpointMenu
        onSelect={(endpoint, model) => {
          if (selectEndpoint(endpoint, model)) promptForKey(endpoint);
        }}
      />
      <KeyButton />
      <LazyOptionsPopover />
      <LazyPresetsMenu />
      <PresetDialogs />
    </div>
  );
}

/**
 * A new conversation that has no endpoint yet (the page loaded before the endpoint lists did, or nothing
 * set one up) gets the new-chat setup as soon as the lists are in.
 */
function useFillEmptyNewConversation() {
  const newConversation = useNewConversation();
  const conversationId = useConversationStore((s) => s.conversationId);
  const hasEndpoint = useConversationStore((s) => Boolean(s.setup.endpoint));
  const endpoints = useEndpointsQuery();
  const models = useModelsQuery();
  const presets = usePresetsQuery();
  const ready = !endpoints.isPending && !models.isPending && !presets.isPending;
  useEffect(() => {
    if (conversationId === 'new' && !hasEndpoint && ready) newConversation();
  }, [conversationId, hasEndpoint, ready, newConversation]);
}
