import { create } from 'zustand';

/**
 * Whether the next new chat is temporary (docs/reference/conversations.md (Temporary chats)). It stays on for later new
 * chats until turned off, as LibreChat's toggle does; a saved chat's own state is its `expiredAt`.
 */
export const useTemporaryChatStore = create<{ on: boolean; setOn: (on: boolean) => void }>()((set) => ({
  on: false,
  setOn: (on) => set({ on }),
}));
