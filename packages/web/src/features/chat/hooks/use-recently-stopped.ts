import { useChatStreamStore } from '../chat-stream.store';

/** True for 200 ms after the user stopped a reply (Continue shows then: docs/reference/chat.md (Stopping a reply)). */
export function useRecentlyStopped(): boolean {
  return useChatStreamStore((s) => s.recentlyStopped);
}
