import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { normalizeIP } from '@fastify/rate-limit';
import { AUTH_MESSAGES } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import type { RequestHook } from '../../lib/api-routes';
import { AppError } from '../../lib/app-error';
import { rateLimiterFactory, type LimitCheck, type TakenHit } from '../../lib/rate-limit';
import { findUserByEmail, findUserByPhone } from '../users/users.repository';
import { hasDeviceCookie, isDeviceOf } from './device-cookie';
import { isPhoneLogin } from './login.service';

const MINUTE_MS = 60_000;
/** Where a sign-in's counted hits wait on its request until its outcome settles them. */
const SIGN_IN_HITS = Symbol('sign-in hits');

/**
 * Login is limited three ways (docs/decisions.md, "Sign-in limits per account and address"): per IP and per account
 * and IP, each LOGIN_MAX failed attempts per LOGIN_WINDOW, and per account from every address, LOGIN_ACCOUNT_MAX per
 * LOGIN_ACCOUNT_WINDOW, which a browser that signed in to that account before (its device cookie, device-cookie.ts)
 * is not held to: a stranger spending an account's attempts from elsewhere neither locks its owner out of their own
 * address nor out of their own browsers, and guessing from many addresses still hits the slower account limit.
 * Only failed attempts count (docs/decisions.md, "Sign-in limits count failures only"): every attempt is counted
 * before its password or code is checked, so parallel guesses cannot slip past the limit, and the count is given
 * back when the attempt proves its password or code (signInSettled), or is refused by the limit itself. So many users
 * behind one address (a campus, an office, a carrier) sign in as often as they like; a wrong password or code, or a
 * body too malformed to be checked, keeps its count. A success does not wipe earlier failures. Registration is
 * limited per IP. Invite checks are limited
 * per IP as sign-ins are (LOGIN_MAX per LOGIN_WINDOW), in their own count, so nobody can try codes cheaply and
 * checking a link never uses up a sign-in attempt. Reset requests are limited the same way per IP and per address,
 * and following reset or activation links per IP, each in its own count. So are social sign-ins' returns from the
 * provider (LOGIN_MAX per LOGIN_WINDOW per IP): each one costs a token exchange and may create an account.
 */
export function authRateLimits(deps: AppDeps) {
  const limits = deps.config.rateLimits;
  const make = rateLimiterFactory(deps.redis, limits.rateLimitPrefix);
  const loginWindow = limits.loginWindowMinutes * MINUTE_MS;
  const loginByIp = make({ name: 'login-ip', max: limits.loginMax, windowMs: loginWindow });
  const loginByAccountAndIp = make({ name: 'login-account-ip', max: limits.loginMax, windowMs: loginWindow });
  const loginByAccount = make({
    name: 'login-account',
    max: limits.loginAccountMax,
    windowMs: limits.loginAccountWindowMinutes * MINUTE_MS,
  });
  const inviteByIp = make({ name: 'invite-ip', max: limits.loginMax, windowMs: loginWindow });
  // Reset requests: per IP, and per address so nobody can fill a mailbox; links are tried per IP.
  const resetByIp = make({ name: 'reset-ip', max: limits.loginMax, windowMs: loginWindow });
  const resetByAccount = make({ name: 'reset-account', max: limits.loginMax, windowMs: loginWindow });
  const linkByIp = make({ name: 'link-ip', max: limits.loginMax, windowMs: loginWindow });
  const socialByIp = make({ name: 'social-ip', max: limits.loginMax, windowMs: loginWindow });
  const registerByIp = make({
    name: 'register-ip',
    max: limits.registerMax,
    windowMs: limits.registerWindowMinutes * MINUTE_MS,
  });

  // The hits of each sign-in in flight ride on its request (gone with it), given back when it proves its password or
  // code (signInSettled).
  const pending = (request: FastifyRequest) => request as FastifyRequest & { [SIGN_IN_HITS]?: TakenHit[] };
  const giveBack = (hits: TakenHit[]) => Promise.all(hits.map((h) => h.giveBack()));
  const signIn = async (request: FastifyRequest, reply: FastifyReply, account: AccountKey | null) => {
    const ip = ipKey(request);
    const takes = [loginByIp.take(ip)];
    if (account) {
      takes.push(loginByAccountAndIp.take(`${account.key}:${ip}`));
      if (!(await isKnownDevice(deps, request, account.login))) takes.push(loginByAccount.take(account.key));
    }
    const hits = await Promise.all(takes);
    // A refused attempt checks nothing, so it is no failure: it gives its hits back before the 429.
    if (hits.some((h) => !h.check.allowed)) await giveBack(hits);
    refuseIfOver(
      hits.map((h) => h.check),
      reply,
      AUTH_MESSAGES.loginRateLimited,
    );
    pending(request)[SIGN_IN_HITS] = hits;
  };
  /**
   * Waits for a sign-in's outcome and settles its count: kept when `isFailure` says the error was a wrong password or
   * code, given back otherwise (a session, or a refusal told only to whoever proved the secret: a ban, a first-login
   * password, an account awaiting activation). Answers the outcome as it came.
   */
  const signInSettled = async <T>(
    request: FastifyRequest,
    attempt: Promise<T>,
    isFailure: (error: unknown) => boolean,
  ): Promise<T> => {
    const hits = pending(request)[SIGN_IN_HITS] ?? [];
    delete pending(request)[SIGN_IN_HITS];
    let failed = false;
    try {
      return await attempt;
    } catch (error) {
      failed = isFailure(error);
      throw error;
    } finally {
      // A store that cannot take the count back (Redis down) leaves it counted; the sign-in's outcome stands.
      if (!failed) {
        await giveBack(hits).catch((error: unknown) =>
          request.log.warn({ err: error }, 'sign-in limit: could not give back a counted attempt'),
        );
      }
    }
  };
  const login: RequestHook = (request, reply) => signIn(request, reply, accountKey(request.body));
  // SMS sign-in shares the sign-in counts: a phone's guesses are limited together, whichever form they come from,
  // under the same rules (per address, per account and address, per account with the known-device pass).
  const phoneLogin: RequestHook = (request, reply) => signIn(request, reply, phoneKey(request.body));
  const register: RequestHook = async (request, reply) => {
    refuseIfOver([await registerByIp.hit(ipKey(request))], reply, AUTH_MESSAGES.registrationRateLimited);
  };
  const invite: RequestHook = async (request, reply) => {
    refuseIfOver([await inviteByIp.hit(ipKey(request))], reply, AUTH_MESSAGES.inviteRateLimited);
  };
  const resetRequest: RequestHook = async (request, reply) => {
    const account = accountKey(request.body);
    const checks = [resetByIp.hit(ipKey(request)), ...(account ? [resetByAccount.hit(account.key)] : [])];
    refuseIfOver(await Promise.all(checks), reply, AUTH_MESSAGES.resetRateLimited);
  };
  const resetUse: RequestHook = async (request, reply) => {
    refuseIfOver([await linkByIp.hit(ipKey(request))], reply, AUTH_MESSAGES.resetRateLimited);
  };
  // A social sign-in's return (the code exchange, the profile read, perhaps a new account) is limited per IP.
  const socialCallback: RequestHook = async (request, reply) => {
    refuseIfOver([await socialByIp.hit(ipKey(request))], reply, AUTH_MESSAGES.loginRateLimited);
  };
  return { login, phoneLogin, signInSettled, register, invite, resetRequest, resetUse, socialCallback };
}

// IPv6 clients are counted per /64, as one household or host usually holds a whole /64.
const ipKey = (request: FastifyRequest): string => normalizeIP(request.ip);

/**
 * The e-mail (or phone) as the login schema will read it, and its key: hashed, so Redis holds no addresses.
 */
interface AccountKey {
  login: string;
  key: string;
}

function accountKey(body: unknown): AccountKey | null {
  if (!body || typeof body !== 'object') return null;
  const raw = (body as { email?: unknown }).email;
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  const login = raw.trim().toLowerCase();
  return { login, key: hashedKey(login) };
}

/**
 * Whether the browser's device cookie was made for the account this login names, under its current password. Read
 * only when the browser sends a device cookie, so a stranger's request (no cookie) costs no database read here.
 */
async function isKnownDevice(deps: AppDeps, request: FastifyRequest, login: string): Promise<boolean> {
  if (!hasDeviceCookie(request)) return false;
  const { db } = deps.database;
  const user = isPhoneLogin(login) ? await findUserByPhone(db, login) : await findUserByEmail(db, login);
  return user !== undefined && isDeviceOf(request, deps.config, user);
}

/** The phone of an SMS sign-in as its schema will read it; the same key as that phone typed into password login. */
function phoneKey(body: unknown): AccountKey | null {
  if (!body || typeof body !== 'object') return null;
  const phone = (body as { phone?: unknown }).phone;
  if (typeof phone !== 'string') return null;
  const digits = phone.replace(/[\s-]/g, '');
  return digits === '' ? null : { login: digits, key: hashedKey(digits) };
}

/** A login (e-mail or phone) as a limiter key: hashed, so Redis holds no addresses or numbers. */
export const hashedKey = (login: string): string =>
  createHash('sha256').update(login).digest('hex').slice(0, 32);

/** 429 with Retry-After when any check is over its limit; `key` names the message for the web's i18n. */
export function refuseIfOver(checks: LimitCheck[], reply: FastifyReply, message: string, key?: string): void {
  const refused = checks.filter((c) => !c.allowed);
  if (refused.length === 0) return;
  const retryAfter = Math.max(...refused.map((c) => c.retryAfterSeconds));
  reply.header('retry-after', String(retryAfter));
  throw new AppError('RATE_LIMITED', message, { retryAfterSeconds: retryAfter, ...(key ? { key } : {}) });
}
