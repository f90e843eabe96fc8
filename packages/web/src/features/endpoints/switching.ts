/**
 * Picking another endpoint changes the conversation in place while nothing was sent yet ('new') or when
 * modular chat is on; otherwise it starts a new conversation with that endpoint
 * (docs/reference/endpoints-and-models.md (Switching endpoints)).
 */
export function endpointSwitchesInPlace(conversationId: string, modularChat: boolean): boolean {
  return modularChat || conversationId === 'new';
}

/**
 * A selected preset converts the conversation in place, keeping its messages, when both endpoints allow
 * it: the same endpoint, modular chat on, or assistants to assistants (docs/reference/presets.md (Selecting a preset)).
 * An unsaved conversation has nothing to keep, so it is always converted.
 */
export function presetConvertsInPlace(args: {
  conversationId: string;
  currentEndpoint: string | undefined;
  presetEndpoint: string;
  modularChat: boolean;
}): boolean {
  const { conversationId, currentEndpoint, presetEndpoint, modularChat } = args;
  if (conversationId === 'new') return true;
  if (currentEndpoint === 'assistants' && presetEndpoint === 'assistants') return true;
  return currentEndpoint === presetEndpoint || modularChat;
}
