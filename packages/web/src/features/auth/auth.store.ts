import { create } from 'zustand';
import type { AuthResult, PublicUser } from '@parley/shared';

export type SessionStatus = 'checking' | 'authenticated' | 'unauthenticated';

interface AuthState {
  /** The access token lives in memory only; the refresh cookie restores it after a reload. */
  token: string | null;
  user: PublicUser | null;
  status: SessionStatus;
  /**
   * Set when a query answered 401 (docs/reference/accounts.md (The session in the browser)); shown once on the login
   * page.
   */
  authError: boolean;
  setSession: (result: AuthResult) => void;
  setUser: (user: PublicUser) => void;
  signOut: () => void;
  setAuthError: (value: boolean) => void;
}

export const useAuthStore = create<AuthState>()((set) => ({
  token: null,
  user: null,
  status: 'checking',
  authError: false,
  setSession: ({ token, user }) => set({ token, user, status: 'authenticated', authError: false }),
  setUser: (user) => set({ user }),
  signOut: () => set({ token: null, user: null, status: 'unauthenticated' }),
  setAuthError: (authError) => set({ authError }),
}));
