import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { SocialLoginError } from '@parley/shared';
import { normalizeIP } from '@fastify/rate-limit';
import type { AppPluginOptions } from '../../app-services';
import { addRoute } from '../../lib/api-routes';
import { AppError } from '../../lib/app-error';
import { authRateLimits } from '../auth/auth-rate-limits';
import { setDeviceCookie } from '../auth/device-cookie';
import { setRefreshCookie } from '../auth/refresh-cookie';
import { startSession } from '../auth/sessions.service';
import { signUpOriginOf } from '../auth/signup-origin';
import { clearAttemptCookie, readAttemptCookie, setAttemptCookie } from './attempt-cookie';
import { createProviderClients } from './oauth-client';
import { finishSocialLogin, startSocialLogin } from './social-login.service';
import { SocialLoginFailure } from './social-login-failure';

/**
 * Social sign-in (docs/reference/accounts.md (Social sign-in)): `GET /oauth/{provider}` sends the browser to the
 * provider, `GET /oauth/{provider}/callback` brings it back signed in to `/c/new`. Both are navigations, so every
 * failure is a redirect to the login page with an error code it shows in the user's language, never an error page.
 */
export const socialLoginRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  const clients = createProviderClients();
  const limits = authRateLimits(deps);
  const { config } = deps;

  const toLogin = (reply: FastifyReply, code: SocialLoginError) =>
    reply.redirect(`${config.domainClient}/login?error=${code}`, 302);

  /** Failures end on the login page; the reason goes to the log only. */
  const fail = (request: FastifyRequest, reply: FastifyReply, error: unknown) => {
    const code: SocialLoginError =
      error instanceof SocialLoginFailure
        ? error.code
        : error instanceof AppError && error.code === 'BANNED'
          ? 'banned'
          : error instanceof AppError && error.code === 'RATE_LIMITED'
            ? 'rate_limited'
            : 'failed';
    if (error instanceof SocialLoginFailure)
      request.log.info({ reason: error.message }, 'social login refused');
    else if (code === 'failed') request.log.error({ err: error }, 'social login failed');
    return toLogin(reply, code);
  };
  const errorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) =>
    void fail(request, reply, error);
  // A banned IP neither signs in nor signs up (docs/reference/accounts.md (Bans)).
  const assertIpAllowed = (request: FastifyRequest) =>
    services.violations.assertIpAllowed(normalizeIP(request.ip));

  addRoute(app, 'socialLoginStart', {
    errorHandler,
    handler: async (request, reply) => {
      await assertIpAllowed(request);
      const { location, attempt } = await startSocialLogin(
        deps,
        clients,
        request.params.provider,
        request.query.inviteCode,
      );
      setAttemptCookie(reply, config, attempt);
      return reply.redirect(location, 302);
    },
  });

  addRoute(app, 'socialLoginCallback', {
    errorHandler,
    handler: async (request, reply) => {
      // The attempt is used once, whatever the outcome.
      const attempt = readAttemptCookie(request, config);
      clearAttemptCookie(reply, config);
      await assertIpAllowed(request);
      await limits.socialCallback(request, reply);
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      const origin = await signUpOriginOf(request, deps);
      const user = await finishSocialLogin(deps, clients, request.params.provider, query, attempt, origin);
      const { refreshToken } = await startSession(deps, user, {
        userAgent: request.headers['user-agent'] ?? null,
      });
      setRefreshCookie(reply, config, refreshToken);
      // This browser has proved the account: its password sign-ins skip the all-address limit (device-cookie.ts).
      await setDeviceCookie(reply, deps, user.id);
      return reply.redirect(`${config.domainClient}/c/new`, 302);
    },
  });
};
