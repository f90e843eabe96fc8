import { randomBytes } from 'node:crypto';
import { API, type AuthResult } from '@parley/shared';

export const HTTP_USER_PASSWORD = 'correct horse battery';

/**
 * Signs a new user up on a running Parley over HTTP, as a client would, and answers the access token. Used where
 * the server is another process (the fault tests, the benches); in-process tests use newUser (factories.test-helpers.ts).
 */
export async function registerOverHttp(baseUrl: string, label = 'user'): Promise<string> {
  const res = await fetch(`${baseUrl}${API.register}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: `${label[0]!.toUpperCase()}${label.slice(1)} User`,
      email: `${label}-${randomBytes(4).toString('hex')}@example.com`,
      password: HTTP_USER_PASSWORD,
      confirm_password: HTTP_USER_PASSWORD,
    }),
  });
  if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as AuthResult).token;
}
