import type { FastifyInstance, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { AUTH_MESSAGES } from '@parley/shared';
import { normalizeIP } from '@fastify/rate-limit';
import type { AppPluginOptions } from '../../app-services';
import { AppError } from '../../lib/app-error';
import { addRoute } from '../../lib/api-routes';
import { findUserIdByInviteCode } from '../users/users.repository';
import { authRateLimits } from './auth-rate-limits';
import { login } from './login.service';
import { register } from './register.service';
import { verifyEmail } from './activation.service';
import { mailContextOf } from './mail-context';
import { requestPasswordReset, resetPassword } from './password-reset.service';
import { clearRefreshCookie, readRefreshCookie, setRefreshCookie } from './refresh-cookie';
import { setDeviceCookie } from './device-cookie';
import { signUpOriginOf } from './signup-origin';
import { ipAllowedUnlessRedisIsDown } from './auth.guard';
import { endSession, refreshSession, type SessionMeta } from './sessions.service';
import { phoneLogin, WrongSmsCodeError } from '../sms/phone-login.service';
import { sendVerifyCode, smsDisabled } from '../sms/send-code.service';
import { createSmsLimits } from '../sms/sms-limits';
import { createSmsSender } from '../sms/sms-sender';

const isWrongCredentials = (error: unknown): boolean =>
  error instanceof AppError && error.code === 'UNAUTHORIZED';

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

/** Password accounts and sessions: register, login, refresh (rotating), logout; and the invite check. */
export const authRoutes: FastifyPluginAsync<AppPluginOptions> = async (app, { deps, services }) => {
  const limits = authRateLimits(deps);
  const { violations } = services;
  acceptEmptyJsonBodies(app);
  // A banned IP neither signs in nor signs up (docs/reference/accounts.md (Bans)); checked before anything counts.
  const ipNotBanned = async (request: FastifyRequest) => violations.assertIpAllowed(normalizeIP(request.ip));

  addRoute(app, 'register', {
    preValidation: [ipNotBanned, limits.register],
    handler: async (request, reply) => {
      const outcome = await register(
        deps,
        request.body,
        metaOf(request),
        mailContextOf(request),
        await signUpOriginOf(request, deps),
      );
      if (!('refreshToken' in outcome)) return reply.status(201).send(outcome);
      const { refreshToken, ...result } = outcome;
      setRefreshCookie(reply, deps.config, refreshToken);
      await setDeviceCookie(reply, deps, result.user.id);
      return reply.status(201).send(result);
    },
  });

  // Phone sign-in by SMS code (docs/reference/accounts.md (Phone sign-in)). The sender loads its SDK on first use.
  const smsTransport = deps.config.sms.transport;
  const smsSender = smsTransport ? createSmsSender(smsTransport) : null;
  const smsLimits = createSmsLimits(deps);
  const smsOn = async () => {
    if (!smsSender) throw smsDisabled();
  };

  addRoute(app, 'sendVerifyCode', {
    preValidation: [ipNotBanned, smsOn],
    handler: (request, reply) =>
      sendVerifyCode(deps, request.body.phoneNumber, {
        sender: smsSender,
        limits: smsLimits,
        ip: normalizeIP(request.ip),
        reply,
        log: request.log,
      }),
  });

  addRoute(app, 'phoneLogin', {
    preValidation: [ipNotBanned, smsOn, limits.phoneLogin],
    handler: async (request, reply) => {
      // Only a wrong or dead code keeps its count in the sign-in limits; a right code gives it back.
      const attempt = phoneLogin(deps, request.body, metaOf(request), await signUpOriginOf(request, deps));
      const { refreshToken, created, ...result } = await limits
        .signInSettled(request, attempt, (error) => error instanceof WrongSmsCodeError)
        .catch(async (error: unknown) => {
          // A wrong or dead code is a failed sign-in, scored against the IP only, as a wrong password is.
          if (error instanceof WrongSmsCodeError) {
            await violations.record('login', { ip: normalizeIP(request.ip), userId: null });
          }
          throw error;
        });
      setRefreshCookie(reply, deps.config, refreshToken);
      await setDeviceCookie(reply, deps, result.user.id);
      return reply.status(created ? 201 : 200).send(result);
    },
  });

  addRoute(app, 'login', {
    preValidation: [ipNotBanned, limits.login],
    handler: async (request, reply) => {
      // Only a wrong e-mail, phone or password keeps its count in the sign-in limits; a right password gives it back.
      const attempt = login(deps, request.body, metaOf(request), mailContextOf(request));
      const { refreshToken, ...result } = await limits
        .signInSettled(request, attempt, isWrongCredentials)
        .catch(async (error: unknown) => {
          // A wrong e-mail or password scores against the IP only: a stranger's guesses must not ban the owner.
          if (isWrongCredentials(error)) {
            await violations.record('login', { ip: normalizeIP(request.ip), userId: null });
          }
          throw error;
        });
      setRefreshCookie(reply, deps.config, refreshToken);
      await setDeviceCookie(reply, deps, result.user.id);
      return result;
    },
  });

  // Forgot and reset password, and activation (docs/reference/accounts.md (Forgot and reset password)).
  addRoute(app, 'requestPasswordReset', {
    preValidation: [limits.resetRequest],
    handler: (request) =>
      requestPasswordReset(deps, request.body.email, mailContextOf(request).lang, request.log),
  });

  addRoute(app, 'resetPassword', {
    preValidation: [limits.resetUse],
    handler: (request) => resetPassword(deps, request.body),
  });

  addRoute(app, 'verifyEmail', {
    preValidation: [limits.resetUse],
    handler: (request) => verifyEmail(deps, request.body),
  });

  // Whether a link's code is a real invite (docs/reference/accounts.md (Invite links)); limited before validation, so
  // malformed codes count too.
  addRoute(app, 'checkInvite', {
    preValidation: [limits.invite],
    handler: async (request) => {
      if (!(await findUserIdByInviteCode(deps.database.db, request.params.code))) {
        throw new AppError('NOT_FOUND', AUTH_MESSAGES.inviteNotFound);
      }
      return { valid: true as const };
    },
  });

  // Answered as the LibreChat client expects (docs/reference/accounts.md (Sessions and tokens)): that client retries a
  // refresh answered 401 as `?retry=true` and waits for the refresh in flight, which is itself, so a refresh
  // without a cookie is a 200 without a token, and a dead cookie on the retry a 403.
  addRoute(app, 'refresh', {
    // A banned IP gets no new access token either; during a Redis outage refreshes go on, as signed-in calls do.
    preValidation: [async (request) => ipAllowedUnlessRedisIsDown(violations, normalizeIP(request.ip))],
    handler: async (request, reply) => {
      const presented = readRefreshCookie(request);
      // No cookie: signed out, not an error. No clearing header either: answered late, it would wipe the cookie
      // that a sign-in in the same browser set meanwhile (the sign-in page checks for a session while the user
      // signs in).
      if (!presented) return { message: AUTH_MESSAGES.noSession };
      try {
        const { refreshToken, ...result } = await refreshSession(deps, presented);
        // null inside the rotation grace: the browser's jar already gets the new secret from the rotating refresh.
        if (refreshToken !== null) setRefreshCookie(reply, deps.config, refreshToken);
        return result;
      } catch (error) {
        // A dead or invalid cookie is dropped so the browser stops sending it; a ban keeps it (the ban may end).
        const code = error instanceof AppError ? error.code : null;
        if (code === 'UNAUTHORIZED' || code === 'FORBIDDEN') clearRefreshCookie(reply, deps.config);
        if (code === 'UNAUTHORIZED' && request.query.retry === 'true') {
          throw new AppError('FORBIDDEN', AUTH_MESSAGES.sessionExpired);
        }
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
