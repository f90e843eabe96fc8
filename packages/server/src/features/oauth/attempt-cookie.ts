import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config/config.types';
import { decrypt, encrypt } from '../../lib/crypto';

/** One social sign-in attempt, kept by the browser between the redirect to the provider and the callback. */
export interface SignInAttempt {
  provider: string;
  state: string;
  codeVerifier: string;
  /** OpenID Connect providers only. */
  nonce?: string;
  inviteCode?: string;
  /** Unix milliseconds after which the attempt is refused, whatever the cookie's own lifetime. */
  expiresAt: number;
}

export const ATTEMPT_COOKIE = 'parley_oauth';
export const ATTEMPT_TTL_SECONDS = 10 * 60;
const CONTEXT = 'oauth-attempt';

// Only /oauth/* needs it. SameSite=Lax, not Strict: the callback is a navigation that starts on the provider's
// site, which a Strict cookie would not follow. Encrypted (CREDS_KEY): the PKCE verifier stays unreadable, and a
// changed cookie does not open.
const options = (config: AppConfig) => ({
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: config.auth.secureCookies,
  path: '/oauth',
});

export function setAttemptCookie(reply: FastifyReply, config: AppConfig, attempt: SignInAttempt): void {
  reply.setCookie(ATTEMPT_COOKIE, encrypt(JSON.stringify(attempt), config, CONTEXT), {
    ...options(config),
    maxAge: ATTEMPT_TTL_SECONDS,
  });
}

export function clearAttemptCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(ATTEMPT_COOKIE, options(config));
}

/** The attempt the cookie holds, or null when it is missing, tampered with, or expired. */
export function readAttemptCookie(
  request: FastifyRequest,
  config: AppConfig,
  now = Date.now(),
): SignInAttempt | null {
  const value = request.cookies[ATTEMPT_COOKIE];
  if (!value) return null;
  try {
    const attempt = JSON.parse(decrypt(value, config, CONTEXT)) as SignInAttempt;
    return typeof attempt.expiresAt === 'number' && attempt.expiresAt > now ? attempt : null;
  } catch {
    return null;
  }
}
