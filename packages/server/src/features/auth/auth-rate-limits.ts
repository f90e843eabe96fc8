import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { AUTH_MESSAGES } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import type { RequestHook } from '../../lib/api-routes';
import { AppError } from '../../lib/app-error';
import { rateLimiterFactory, type LimitCheck } from '../../lib/rate-limit';

const MINUTE_MS = 60_000;

/**
 * Login is limited per IP and per account (the submitted e-mail or phone, normalised), each LOGIN_MAX attempts per
 * LOGIN_WINDOW. Every attempt counts, failed or successful, so the limit holds whatever the outcome; the
 * (max+1)th attempt in a window is refused before the password is even checked. Registration is limited per IP.
 * Invite checks are limited per IP as sign-ins are (LOGIN_MAX per LOGIN_WINDOW), in their own count, so nobody can
 * try codes cheaply and checking a link never uses up a sign-in attempt. Reset requests are limited the same way per
 * IP and per address, and following reset or activation links per IP, each in its own count.
 */
export function authRateLimits(deps: AppDeps) {
  const limits = deps.config.rateLimits;
  const make = rateLimiterFactory(deps.redis, limits.rateLimitPrefix);
  const loginWindow = limits.loginWindowMinutes * MINUTE_MS;
  const loginByIp = make({ name: 'login-ip', max: limits.loginMax, windowMs: loginWindow });
  const loginByAccount = make({ name: 'login-account', max: limits.loginMax, windowMs: loginWindow });
  const inviteByIp = make({ name: 'invite-ip', max: limits.loginMax, windowMs: loginWindow });
  // Reset requests: per IP, and per address so nobody can fill a mailbox; links are tried per IP.
  const resetByIp = make({ name: 'reset-ip', max: limits.loginMax, windowMs: loginWindow });
  const resetByAccount = make({ name: 'reset-account', max: limits.loginMax, windowMs: loginWindow });
  const linkByIp = make({ name: 'link-ip', max: limits.loginMax, windowMs: loginWindow });
  const registerByIp = make({
    name: 'register-ip',
    max: limits.registerMax,
    windowMs: limits.registerWindowMinutes * MINUTE_MS,
  });

  const login: RequestHook = async (request, reply) => {
    const account = accountKey(request.body);
    const checks = [loginByIp.hit(ipKey(request)), ...(account ? [loginByAccount.hit(account)] : [])];
    refuseIfOver(await Promise.all(checks), reply, AUTH_MESSAGES.loginRateLimited);
  };
  const register: RequestHook = async (request, reply) => {
    refuseIfOver([await registerByIp.hit(ipKey(request))], reply, AUTH_MESSAGES.registrationRateLimited);
  };
  const invite: RequestHook = async (request, reply) => {
    refuseIfOver([await inviteByIp.hit(ipKey(request))], reply, AUTH_MESSAGES.inviteRateLimited);
  };
  const resetRequest: RequestHook = async (request, reply) => {
    const account = accountKey(request.body);
    const checks = [resetByIp.hit(ipKey(request)), ...(account ? [resetByAccount.hit(account)] : [])];
    refuseIfOver(await Promise.all(checks), reply, AUTH_MESSAGES.resetRateLimited);
  };
  const resetUse: RequestHook = async (request, reply) => {
    refuseIfOver([await linkByIp.hit(ipKey(request))], reply, AUTH_MESSAGES.resetRateLimited);
  };
  return { login, register, invite, resetRequest, resetUse };
}

// IPv6 clients are counted per /64, as one household or host usually holds a whole /64.
const ipKey = (request: FastifyRequest): string => normalizeIP(request.ip);

/** The e-mail (or phone) as the login schema will read it, hashed so Redis holds no addresses. */
function accountKey(body: unknown): string | null {
  if (!body || typeof body !== 'object') return null;
  const login = (body as { email?: unknown }).email;
  if (typeof login !== 'string' || login.trim() === '') return null;
  return createHash('sha256').update(login.trim().toLowerCase()).digest('hex').slice(0, 32);
}

function refuseIfOver(checks: LimitCheck[], reply: FastifyReply, message: string): void {
  const refused = checks.filter((c) => !c.allowed);
  if (refused.length === 0) return;
  const retryAfter = Math.max(...refused.map((c) => c.retryAfterSeconds));
  reply.header('retry-after', String(retryAfter));
  throw new AppError('RATE_LIMITED', message, { retryAfterSeconds: retryAfter });
}
