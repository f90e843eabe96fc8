import { useCallback, useEffect, useRef } from 'react';
import { useConversationStore } from '../../chat/conversation.store';
import { useKeyDialogStore } from '../../keys/key-dialog.store';
import { useUserKeyStatus } from '../../keys/keys.api';

/**
 * Selecting an endpoint that needs the user's key, without a stored one, opens the key dialog
 * (docs/reference/endpoints-and-models.md (User-provided keys)). The key status loads (or is checked again) after the
 * switch, so the check waits for it. Answers the function to call with the endpoint just selected.
 */
export function useKeyPrompt(): (endpoint: string) => void {
  const endpoint = useConversationStore((s) => s.setup.endpoint);
  const status = useUserKeyStatus(endpoint);
  const pending = useRef<string | null>(null);

  useEffect(() => {
    // A cached "no key" may be old (a new chat asks for every endpoint's key; one may have been stored since):
    // the answer counts once the check that selecting the endpoint starts is done.
    if (!pending.current || pending.current !== endpoint || status.loading || status.checking) return;
    pending.current = null;
    if (status.missing) useKeyDialogStore.getState().open(endpoint);
  }, [endpoint, status.loading, status.checking, status.missing]);

  return useCallback((selected: string) => {
    pending.current = selected;
  }, []);
}
