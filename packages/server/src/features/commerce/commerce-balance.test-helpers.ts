import { API, type Balance } from '@parley/shared';
import type { TestApp } from '../../../test/app.test-helpers';

/** GET /api/balance through the app. */
export async function balanceOf(test: TestApp, token: string): Promise<Balance> {
  const res = await test.app.inject({
    method: 'GET',
    url: API.balance,
    headers: { authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(`balance: ${res.statusCode} ${res.body}`);
  return res.json<Balance>();
}
