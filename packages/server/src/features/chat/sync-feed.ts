import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/api-routes';
import { openSseStream, type SseStream } from '../../lib/sse';
import { authUser } from '../auth/auth.guard';
import type { ChatContext } from './chat-context';

/**
 * `GET /api/ask/sync` (docs/reference/chat.md (Following a reply from another window)): an event stream of the
 * signed-in user's replies starting and ending, from any instance, so a page that shows the conversation can follow
 * the reply over the job's own stream. One light connection per page: a frame per reply start and end (no text), a
 * heartbeat while idle. Registered inside the chat plugin, behind its authentication; the channel is the token's
 * user, so nothing in the request can name another user's feed.
 */
export function addSyncFeedRoute(
  app: FastifyInstance,
  ctx: ChatContext,
  options: { heartbeatMs?: number } = {},
) {
  // Open feeds end when the app closes, or they would hold its close up (they have no job that ends them).
  const open = new Set<SseStream>();
  app.addHook('preClose', async () => {
    for (const sse of open) sse.end();
  });

  addRoute(app, 'syncFeed', {
    handler: async (request, reply) => {
      const { id: userId, expiresAtMs } = authUser(request);
      let seq = 0;
      let sse: SseStream | null = null;
      // Listening first, the stream's headers after: a client whose request answered cannot miss a reply that
      // starts afterwards. A feed that cannot listen (Redis down) fails as a status, before the stream opens.
      const unlisten = await ctx.feed.listen(userId, (message) => {
        void sse?.send(String(++seq), 'message', message);
      });
      const stream = (sse = openSseStream(reply, { heartbeatMs: options.heartbeatMs }));
      open.add(stream);
      // The feed lives as long as the token it was opened with: a page signed out elsewhere (or a banned user) stops
      // hearing of replies when that token runs out, at most 15 minutes later; a signed-in page opens it again
      // with its refreshed token.
      const expiry =
        expiresAtMs === null || expiresAtMs === undefined
          ? undefined
          : setTimeout(() => stream.end(), Math.max(0, expiresAtMs - Date.now()));
      try {
        if (!stream.signal.aborted) {
          await new Promise((resolve) => stream.signal.addEventListener('abort', resolve, { once: true }));
        }
      } finally {
        clearTimeout(expiry);
        unlisten();
        open.delete(stream);
        stream.end();
      }
      return reply;
    },
  });
}
