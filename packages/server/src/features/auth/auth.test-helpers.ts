import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { API, REFRESH_COOKIE } from '@parley/shared';

// The auth routes as the auth and users API tests call them; not part of the app. Users themselves come from
// test/factories.test-helpers.ts (newUser).

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
