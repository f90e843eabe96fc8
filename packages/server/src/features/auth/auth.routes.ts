import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { API, AUTH_MESSAGES, loginSchema, refreshQuerySchema, registerSchema } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/app-error';
import { parseInput } from '../../lib/validate';
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

  app.post(API.register, { preHandler: limits.register }, async (request, reply) => {
    const input = parseInput(registerSchema, request.body);
    const { refreshToken, ...result } = await register(deps, input, metaOf(request));
    setRefreshCookie(reply, deps.config, refreshToken);
    return reply.status(201).send(result);
  });

  app.post(API.login, { preHandler: limits.login }, async (request, reply) => {
    const input = parseInput(loginSchema, request.body);
    const { refreshToken, ...result } = await login(deps, input, metaOf(request));
    setRefreshCookie(reply, deps.config, refreshToken);
    return result;
  });

  app.post(API.refresh, async (request, reply) => {
    parseInput(refreshQuerySchema, request.query, 'query');
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
  });

  app.post(API.logout, async (request, reply) => {
    await endSession(deps, readRefreshCookie(request));
    clearRefreshCookie(reply, deps.config);
    return { message: AUTH_MESSAGES.loggedOut };
  });
};
