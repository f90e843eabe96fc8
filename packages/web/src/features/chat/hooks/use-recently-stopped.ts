import { useChatStreamStore } from '../chat-stream.store';

/** True for 200 ms after the user stopped a reply (spec 1 §4: Continue shows then). */
export function useRecentlyStopped(): boolean {
  return useChatStreamStore((s) => s.recentlyStopped);
}
