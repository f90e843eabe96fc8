import { create } from 'zustand';
import type { ReplyStream } from './stream/reply-stream';

/**
 * The reply in flight (at most one at a time: a send is ignored while one is in progress,
 * docs/reference/chat.md (Sending a message)).
 */
export interface ActiveStream {
  /** Tells this stream from a later one, so a late callback never ends its successor. */
  id: number;
  endpoint: string;
  controller: AbortController;
  reply: ReplyStream;
  /** Started in a 'new' conversation: its URL and title follow the first reply. */
  wasNew: boolean;
  /** Stop was asked before the server named the conversation: abort once `created` arrives. */
  stopPending: boolean;
}

interface ChatStreamState {
  active: ActiveStream | null;
  /** A request is in progress: the input is disabled and Stop shows. */
  submitting: boolean;
  /** True for 200 ms after a stopped reply settled: Continue shows then (docs/reference/chat.md (Stopping a reply)). */
  recentlyStopped: boolean;
  /** The conversation and message being streamed, for the views (the reply's cursor, the Stop button). */
  conversationId: string | null;
  replyId: string | null;
  begin: (stream: ActiveStream) => void;
  /** Re-reads the reply's ids (they change on `created`, a server reply id, an error payload). */
  sync: (id: number) => void;
  end: (id: number) => void;
  markStopped: () => void;
  setStopPending: (id: number) => void;
}

/** How long Continue shows after Stop (docs/reference/chat.md (Stopping a reply)). */
export const STOP_CONTINUE_WINDOW_MS = 200;

let nextId = 1;
let stopWindow: ReturnType<typeof setTimeout> | undefined;
export const nextStreamId = (): number => nextId++;

export const useChatStreamStore = create<ChatStreamState>()((set, get) => ({
  active: null,
  submitting: false,
  recentlyStopped: false,
  conversationId: null,
  replyId: null,
  begin: (stream) =>
    set({
      active: stream,
      submitting: true,
      conversationId: stream.reply.conversationId,
      replyId: stream.reply.replyId,
    }),
  sync: (id) => {
    const { active, conversationId, replyId } = get();
    if (active?.id !== id) return;
    const next = { conversationId: active.reply.conversationId, replyId: active.reply.replyId };
    if (next.conversationId !== conversationId || next.replyId !== replyId) set(next);
  },
  end: (id) => {
    if (get().active?.id !== id) return;
    set({ active: null, submitting: false, conversationId: null, replyId: null });
  },
  markStopped: () => {
    clearTimeout(stopWindow);
    set({ recentlyStopped: true });
    stopWindow = setTimeout(() => set({ recentlyStopped: false }), STOP_CONTINUE_WINDOW_MS);
  },
  setStopPending: (id) => {
    const { active } = get();
    if (active?.id === id) set({ active: { ...active, stopPending: true } });
  },
}));
