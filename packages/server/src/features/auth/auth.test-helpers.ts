import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API, REFRESH_COOKIE, type AuthResult } from '@parley/shared';

// Shared by the auth and users API tests; not part of the app.

export const PASSWORD = 'correct horse battery';

let counter = 0;
/** A valid registration payload with a unique e-mail; pass what a test changes. */
export function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  counter += 1;
  return {
    name: 'Ada Lovelace',
    email: `ada${counter}-${Date.now()}@example.com`,
    password: PASSWORD,
    confirm_password: PASSWORD,
    ...overrides,
  };
}

export function postRegister(app: FastifyInstance, body: unknown, remoteAddress?: string) {
  return app.inject({ method: 'POST', url: API.register, payload: body as object, remoteAddress });
}

export function postLogin(app: FastifyInstance, email: string, password: string, remoteAddress?: string) {
  return app.inject({ method: 'POST', url: API.login, payload: { email, password }, remoteAddress });
}

export function postRefresh(app: FastifyInstance, cookie?: string, url: string = API.refresh) {
  return app.inject({ method: 'POST', url, cookies: cookie ? { [REFRESH_COOKIE]: cookie } : {} });
}

export function getUser(app: FastifyInstance, token?: string) {
  return app.inject({
    method: 'GET',
    url: API.user,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
}

/** The refresh cookie a response set, with its attributes (light-my-request parses Set-Cookie). */
export function refreshCookie(res: LightMyRequestResponse) {
  return res.cookies.find((c) => c.name === REFRESH_COOKIE);
}

/** Registers a fresh user and answers its token, user and refresh cookie value. */
export async function signUp(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
  const res = await postRegister(app, registration(overrides));
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = res.json<AuthResult>();
  return { ...body, cookie: refreshCookie(res)?.value ?? '' };
}
