import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-error';

type ErrorListener = (error: unknown, source: 'query' | 'mutation') => void;
const listeners = new Set<ErrorListener>();

/** Session rules (ban logout, auth error) listen to every failed query and mutation. */
export function onAnyError(listener: ErrorListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // 4xx answers will not change on retry; the client already retried 401s after a refresh.
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (e) => listeners.forEach((l) => l(e, 'query')) }),
  mutationCache: new MutationCache({ onError: (e) => listeners.forEach((l) => l(e, 'mutation')) }),
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** Every query key of the app, so features that update each other's caches agree on them. */
export const queryKeys = {
  user: ['user'] as const,
  startupConfig: ['startupConfig'] as const,
  endpoints: ['endpoints'] as const,
  models: ['models'] as const,
  /** The infinite list of `GET /api/convos` pages. */
  conversations: ['conversations'] as const,
  conversation: (id: string) => ['conversation', id] as const,
  /** `GET /api/messages/:id`: the flat list of a conversation's messages (the tree is built in the view). */
  messages: (id: string) => ['messages', id] as const,
  searchEnabled: ['searchEnabled'] as const,
  search: (query: string) => ['search', query] as const,
  /** Every search's results. */
  searches: ['search'] as const,
  presets: ['presets'] as const,
  /** `GET /api/plugins`: the plugin store, with whether the user can use each plugin now. */
  plugins: ['plugins'] as const,
  /** `GET /api/balance`: credits and free uses, refetched after each reply. */
  balance: ['balance'] as const,
  /** `GET /api/balance/usage?days=N`: spending by day and model. */
  usage: (days: number) => ['usage', days] as const,
  /** `GET /api/purchaseOptions`: the cards and packs on sale. */
  purchaseOptions: ['purchaseOptions'] as const,
  /** `GET /api/user/invites`: the invite code and the cash-back figures. */
  inviteStats: ['inviteStats'] as const,
  /** `GET /api/orders/:orderId`: an order the buyer came back from paying. */
  order: (id: string) => ['order', id] as const,
  /** `GET /api/messages/:conversationId/:messageId/cost`: what a reply cost. */
  messageCost: (messageId: string) => ['messageCost', messageId] as const,
  userKey: (name: string) => ['userKey', name] as const,
  /** `GET /api/files`: the user's files, newest first. */
  files: ['files'] as const,
  /** `GET /api/files/config`: the merged file limits per endpoint. */
  fileConfig: ['fileConfig'] as const,
  /** An owner-only file read as an object URL, by its path. */
  fileBlob: (path: string) => ['fileBlob', path] as const,
  /** `GET /api/share`: the pages of the user's share links. */
  sharedLinks: ['sharedLinks'] as const,
  /** `GET /api/share/link/:conversationId`: a conversation's newest share link. */
  shareOfConversation: (id: string) => ['shareOfConversation', id] as const,
  /** `GET /api/share/:shareId`: a shared branch, as its readers see it. */
  sharedConversation: (shareId: string) => ['sharedConversation', shareId] as const,
};
