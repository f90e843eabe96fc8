import type { FastifyInstance } from 'fastify';

// Shared by the conversations, messages and search tests; not part of the app. Their data comes from
// test/factories.test-helpers.ts.

/** An authenticated inject. */
export function call(
  app: FastifyInstance,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: unknown,
) {
  return app.inject({
    method,
    url,
    headers: { authorization: `Bearer ${token}` },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
