import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ApiErrorBody } from '@parley/shared';

/** Paths the server answers itself, whose unknown ones are 404s rather than the web app. */
const SERVER_PREFIXES = ['/api/', '/oauth/', '/pay/'];

/**
 * Serves the built web app with a history fallback: any GET that is not an API call and names no file gets
 * index.html, so deep links like /c/abc load the app. Unknown API, /oauth and /pay paths stay JSON 404s.
 */
export async function registerSpa(app: FastifyInstance, distDir: string | null): Promise<void> {
  const hasSpa = distDir !== null && existsSync(join(distDir, 'index.html'));
  if (hasSpa) {
    const hashedDir = join(distDir, 'assets');
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz copies of the text assets: each browser gets the smallest it accepts.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // The build's assets (flat in assets/, named by their content's hash) never change; files copied as they are
        // (the plugin icons in assets/plugins/, whose names LibreChat's clients keep) may change with a release, so
        // they are cached a day; index.html must always be fresh.
        if (dirname(path) === hashedDir) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.startsWith(hashedDir)) reply.header('cache-control', 'public, max-age=86400');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    // Social sign-in (/oauth/*) and the payment pages (/pay/*) are the server's too: an unknown path there is a
    // 404, not the web app.
    const isApi =
      path === '/api' || path === '/health' || SERVER_PREFIXES.some((prefix) => path.startsWith(prefix));
    if (hasSpa && request.method === 'GET' && !isApi) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    }
    return reply.status(404).send({
      code: 'NOT_FOUND',
      message: `Route ${request.method} ${path} not found`,
    } satisfies ApiErrorBody);
  });
}
