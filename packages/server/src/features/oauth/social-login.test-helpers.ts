import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API, REFRESH_COOKIE, type AuthResult } from '@parley/shared';
import type { Db } from '../../db/database';
import { ATTEMPT_COOKIE } from './attempt-cookie';

/**
 * Marks a password account's e-mail verified, as its activation link or a mailed reset link would have: only such an
 * account is linked by e-mail at a social sign-in (docs/reference/accounts.md (Social sign-in)).
 */
export async function markEmailVerified(db: Db, userId: string): Promise<void> {
  await db.updateTable('users').set({ email_verified: 1 }).where('id', '=', userId).execute();
}

/** What the browser ends with after a social sign-in. */
export interface SignInOutcome {
  /** The callback's redirect: `/c/new` on success, `/login?error=…` otherwise. */
  location: URL;
  /** The refresh cookie the callback set, if it signed in. */
  refreshCookie: string | undefined;
  callback: LightMyRequestResponse;
}

const cookieOf = (res: LightMyRequestResponse, name: string) => res.cookies.find((c) => c.name === name);

/**
 * Plays the browser through a social sign-in: `GET /oauth/{provider}` on the app, the provider's authorization URL
 * with fetch (the provider approves at once and redirects back), then the callback on the app with the attempt
 * cookie. `changeCallback` may alter the callback URL, `cookie` replace the attempt cookie.
 */
export async function signInWith(
  app: FastifyInstance,
  provider: string,
  options: {
    query?: string;
    changeCallback?: (url: URL) => void;
    cookie?: string | null;
    remoteAddress?: string;
  } = {},
): Promise<SignInOutcome> {
  const start = await app.inject({
    method: 'GET',
    url: `/oauth/${provider}${options.query ?? ''}`,
    remoteAddress: options.remoteAddress,
  });
  if (start.statusCode !== 302) throw new Error(`start answered ${start.statusCode} ${start.body}`);
  const startCookie = cookieOf(start, ATTEMPT_COOKIE);
  const authorize = await fetch(String(start.headers.location), { redirect: 'manual' });
  if (authorize.status !== 302) {
    throw new Error(`the provider answered ${authorize.status}: ${await authorize.text()}`);
  }
  const callbackUrl = new URL(authorize.headers.get('location')!);
  options.changeCallback?.(callbackUrl);
  const cookie = options.cookie === undefined ? startCookie?.value : options.cookie;
  const callback = await app.inject({
    method: 'GET',
    url: `${callbackUrl.pathname}${callbackUrl.search}`,
    cookies: cookie ? { [ATTEMPT_COOKIE]: cookie } : {},
    remoteAddress: options.remoteAddress,
  });
  return {
    location: new URL(String(callback.headers.location)),
    refreshCookie: cookieOf(callback, REFRESH_COOKIE)?.value,
    callback,
  };
}

/** The session a signed-in outcome's refresh cookie opens, as the web reads it on `/c/new`. */
export async function sessionOf(app: FastifyInstance, outcome: SignInOutcome): Promise<AuthResult> {
  if (!outcome.refreshCookie) throw new Error(`not signed in: ${outcome.location.href}`);
  const res = await app.inject({
    method: 'POST',
    url: API.refresh,
    cookies: { [REFRESH_COOKIE]: outcome.refreshCookie },
  });
  if (res.statusCode !== 200) throw new Error(`refresh answered ${res.statusCode}`);
  return res.json<AuthResult>();
}
