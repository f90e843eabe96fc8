import type { FastifyInstance } from 'fastify';

const SWEEP_MS = 50;

/**
 * Node closes idle keep-alive connections once, when the server starts closing. A connection whose request
 * finishes later (a slow reply, or a refused upload whose rest is still being read and dropped) then holds the
 * close open until the client lets go: 72 s with Fastify's keep-alive. So while the app closes, idle connections
 * are closed every 50 ms. Busy ones are left to finish: that is what a graceful stop is for.
 */
export function closeIdleConnectionsWhileClosing(app: FastifyInstance): void {
  let sweep: NodeJS.Timeout | undefined;
  app.addHook('preClose', (done) => {
    sweep = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS);
    sweep.unref();
    done();
  });
  // Fastify's own onClose, which waits for the server to close, is added when the app is ready, after this one;
  // onClose hooks run last-added first, so this runs once the server has closed.
  app.addHook('onClose', (_instance, done) => {
    clearInterval(sweep);
    done();
  });
}
