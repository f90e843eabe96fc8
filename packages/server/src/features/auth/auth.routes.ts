import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { addRoute } from '../../lib/api-routes';
import { authRateLimits } from './auth-rate-limits';
import { login } from './login.service';
import { register } from './register.service';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { endSession, refreshSession, type SessionMeta } from './sessions.service';

const metaOf = (request: FastifyRequest): SessionMeta => ({
  userAgent: request.headers['user-agent'] ?? null,
});

/**
 * Refresh and logout carry no body, but API clients often send `Content-Type: application/json` anyway; in this
 * plugin an empty JSON body reads as no body instead of a 400. Anything else goes to Fastify's own JSON parser.
 */
function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    return parseJson(request, text, done);
  });
}

/** Password accounts and sessions: register, login, refresh (rotating), logout. */
export const authRoutes: FastifyPluginAsync<{ deps: AppDeps }> = async (app, { deps }) => {
  const limits = authRateLimits(deps);
  acceptEmptyJsonBodies(app);

  addRoute(app, 'register', {
    preValidation: [limits.register],
    handler: async (request, reply) => {
      const { refreshToken, ...result } = await register(deps, request.body, metaOf(request));
      setRefreshCookie(reply, deps.config, refreshToken);
      return reply.status(201).send(result);
    },
  });

  addRoute(app, 'login', {
    preValidation: [limits.login],
    handler: async (request, reply) => {
      const { refreshToken, ...result } = await login(deps, request.body, metaOf(request));
      setRefreshCookie(reply, deps.config, refreshToken);
      return result;
    },
  });

  addRoute(app, 'refresh', {
    handler: async (request, reply) => {
      const presented = readRefreshCookie(request);
      try {
        const { refreshToken, ...result } = await refreshSession(deps, presented);
        // null inside the rotation grace: the browser's jar already gets the new secret from the rotating refresh.
        if (refreshToken !== null) setRefreshCookie(reply, deps.config, refreshToken);
        return result;
      } catch (error) {
        // A dead cookie is dropped so the browser stops sending it; a ban keeps it (the ban may end). A request
        // that sent none gets no clearing header: answered late, it would wipe the cookie that a sign-in in the
        // same browser set meanwhile (the sign-in page checks for a session while the user signs in).
        const dead = error instanceof AppError && error.code === 'UNAUTHORIZED';
        if (dead && presented !== undefined) clearRefreshCookie(reply, deps.config);
        throw error;
      }
    },
  });

  addRoute(app, 'logout', {
    handler: async (request, reply) => {
      await endSession(deps, readRefreshCookie(request));
      clearRefreshCookie(reply, deps.config);
      return { message: AUTH_MESSAGES.loggedOut };
    },
  });
};
