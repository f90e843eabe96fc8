import type { FastifyReply, FastifyRequest } from 'fastify';
import { REFRESH_COOKIE, REFRESH_TOKEN_TTL_SECONDS } from '@parley/shared';
import type { AppConfig } from '../../config/config.types';

// Only the auth calls need the cookie, so no other request carries it. SameSite=Strict: the SPA calls the API
// from its own origin, so the cookie always goes where it is needed, and never on a request another site starts.
const COOKIE_PATH = '/api/auth';

export function setRefreshCookie(reply: FastifyReply, config: AppConfig, value: string): void {
  reply.setCookie(REFRESH_COOKIE, value, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.auth.secureCookies,
    path: COOKIE_PATH,
    maxAge: REFRESH_TOKEN_TTL_SECONDS,
  });
}

export function clearRefreshCookie(reply: FastifyReply, config: AppConfig): void {
  reply.clearCookie(REFRESH_COOKIE, {
    httpOnly: true,
    sameSite: 'strict',
    secure: config.auth.secureCookies,
    path: COOKIE_PATH,
  });
}

export const readRefreshCookie = (request: FastifyRequest): string | undefined =>
  request.cookies[REFRESH_COOKIE];
