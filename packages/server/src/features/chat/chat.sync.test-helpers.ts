import { API, NIL_UUID, chatSyncEventSchema, type ChatSyncEvent } from '@parley/shared';
import { sseReader } from '../../lib/sse.test-helpers';
import { get, post, sim, type ChatApp } from './chat.test-helpers';

// Shared by the reply feed tests (chat.sync*.test.ts); not part of the app.

/** Opens the user's reply feed; resolves once the server listens (its headers come after its subscription). */
export async function openFeed(app: { base: string }, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${app.base}${API.askSync}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  if (res.status !== 200) throw new Error(`feed failed: ${res.status} ${await res.text()}`);
  const reader = sseReader(res.body!);
  return {
    /** The next feed frame, parsed (heartbeat comments skipped); null once the feed ended. */
    async next(): Promise<ChatSyncEvent | null> {
      for (let frame = await reader.next(); frame; frame = await reader.next()) {
        if (frame.data !== undefined) return chatSyncEventSchema.parse(JSON.parse(frame.data));
      }
      return null;
    },
    close: () => {
      controller.abort();
      return reader.cancel();
    },
  };
}

/** Starts an ask as the app's user and reads nothing of its stream: another window's send. */
export async function sendElsewhere(app: ChatApp, script: Record<string, unknown>, token = app.token) {
  const controller = new AbortController();
  const res = await post(
    app,
    token,
    `${API.ask}/openAI`,
    { text: `Hello ${sim(script)}`, parentMessageId: NIL_UUID, conversationId: null },
    controller.signal,
  );
  if (res.status !== 200) throw new Error(`ask failed: ${res.status} ${await res.text()}`);
  return { stream: sseReader(res.body!), leave: () => controller.abort() };
}

/** Follows a conversation's running reply, as the page told by the feed does. */
export async function followReply(app: { base: string }, token: string, conversationId: string) {
  return get(app, token, `${API.askStream}/${conversationId}`);
}
