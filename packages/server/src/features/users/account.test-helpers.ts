import type { FastifyInstance } from 'fastify';
import { pathOf, type RouteName } from '@parley/shared';

// The account page's calls as its API tests make them; not part of the app.

const ACCOUNT_CALLS = {
  updateUser: 'PUT',
  changePassword: 'POST',
  bindPhone: 'POST',
  requestEmailChange: 'POST',
  deleteUser: 'DELETE',
} as const satisfies Partial<Record<RouteName, string>>;

export function accountCall(
  app: FastifyInstance,
  name: keyof typeof ACCOUNT_CALLS,
  token: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: ACCOUNT_CALLS[name],
    url: pathOf(name),
    headers: { authorization: `Bearer ${token}`, ...headers },
    payload,
  });
}
