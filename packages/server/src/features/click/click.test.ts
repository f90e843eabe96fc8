import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { newUser } from '../../../test/factories.test-helpers';
import { recordClick } from './click.service';

const click = (app: FastifyInstance, payload: object, token?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/click',
    headers: token ? { authorization: `Bearer ${token}` } : {},
    payload,
  });

describe('recordClick', () => {
  it("logs a menu item or a button under the token's user, not the one the client names", () => {
    const lines: Array<[Record<string, unknown>, string]> = [];
    const log = { info: (fields: Record<string, unknown>, message: string) => lines.push([fields, message]) };
    recordClick(log, 'user-1', { u: 'someone-else', c: 'recharge' });
    recordClick(log, 'user-1', { u: 'user-1', b: 'pay' });
    expect(lines).toEqual([
      [{ click: { userId: 'user-1', kind: 'menu', label: 'recharge' } }, 'click'],
      [{ click: { userId: 'user-1', kind: 'button', label: 'pay' } }, 'click'],
    ]);
  });
});

describe.each(testDialects())('POST /api/click on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('answers 204 to a menu click and to a button click', async () => {
    t = await buildTestApp(dialect);
    const { token, user } = await newUser(t.app);
    const menu = await click(t.app, { u: user.id, c: 'recharge' }, token);
    expect(menu.statusCode).toBe(204);
    expect(menu.body).toBe('');
    expect((await click(t.app, { u: user.id, b: 'pay' }, token)).statusCode).toBe(204);
  });

  it('refuses a payload without a label, an over-long label, and a caller not signed in', async () => {
    t = await buildTestApp(dialect);
    const { token, user } = await newUser(t.app);
    expect((await click(t.app, { u: user.id }, token)).statusCode).toBe(400);
    expect((await click(t.app, { u: user.id, c: 'x'.repeat(65) }, token)).statusCode).toBe(400);
    expect((await click(t.app, { u: user.id, c: 'recharge' })).statusCode).toBe(401);
  });
});
