import Fastify from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { methodOf, pathOf, ROUTE_PATHS, routeUrl } from '@parley/shared';
import { buildTestApp, type TestApp } from '../../test/app.test-helpers';
import { registerErrorHandler } from './error-handler';
import { setRouteCompilers } from './api-routes';

/** A bare app with one route whose answer is `answer`, checked against `{name: string}` when `check` is on. */
async function answering(answer: unknown, check: boolean) {
  const app = Fastify({ logger: false });
  registerErrorHandler(app);
  setRouteCompilers(app, { checkResponses: check });
  app.get('/thing', { schema: { response: { 200: z.object({ name: z.string() }) } } }, async () => answer);
  await app.ready();
  return app;
}

describe('route compilers', () => {
  it('refuse, in tests, an answer that does not match its schema, so the table cannot drift', async () => {
    const app = await answering({ name: 42 }, true);
    const res = await app.inject({ method: 'GET', url: '/thing' });
    expect(res.statusCode).toBe(500);
    await app.close();
  });

  it('write the answer as it is, extra fields included, when it matches or when checking is off', async () => {
    const checked = await answering({ name: 'a', extra: 1 }, true);
    expect((await checked.inject({ method: 'GET', url: '/thing' })).json()).toEqual({ name: 'a', extra: 1 });
    await checked.close();
    const unchecked = await answering({ name: 42 }, false);
    expect((await unchecked.inject({ method: 'GET', url: '/thing' })).json()).toEqual({ name: 42 });
    await unchecked.close();
  });
});

describe('routes from the route table', () => {
  let test: TestApp;
  let token: string;

  beforeAll(async () => {
    test = await buildTestApp('sqlite');
    const res = await test.app.inject({
      method: 'POST',
      url: routeUrl('register'),
      payload: {
        name: 'Table',
        email: 'table@example.com',
        password: 'table tennis racket',
        confirm_password: 'table tennis racket',
      },
    });
    token = res.json<{ token: string }>().token;
  });
  afterAll(() => test.close());

  it('answer a bad request part as the app’s validation error, naming the field', async () => {
    const res = await test.app.inject({
      method: 'POST',
      url: routeUrl('deletePresets'),
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'VALIDATION', message: 'arg: is required', field: 'arg' });
    const query = await test.app.inject({
      method: 'DELETE',
      url: routeUrl('deleteAllKeys', {}, { all: 'yes' }),
      headers: { authorization: `Bearer ${token}` },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ code: 'VALIDATION', field: 'all' });
  });

  it('check the sign-in before the request: a signed-out bad request is a 401, not a 400', async () => {
    const res = await test.app.inject({
      method: 'POST',
      url: routeUrl('deletePresets'),
      payload: { arg: 5 },
    });
    expect(res.statusCode).toBe(401);
    const noBody = await test.app.inject({ method: 'POST', url: routeUrl('deletePresets') });
    expect(noBody.statusCode).toBe(401);
  });

  it('fill path parameters encoded and append the query', () => {
    expect(routeUrl('getConversation', { conversationId: 'a/b c' })).toBe('/api/convos/a%2Fb%20c');
    expect(routeUrl('listConversations', {}, { pageNumber: 2, cursor: undefined })).toBe(
      '/api/convos?pageNumber=2',
    );
    expect(() => routeUrl('listMessages')).toThrow('conversationId');
    expect(ROUTE_PATHS.updateMessage).toBe('PUT /api/messages/:conversationId/:messageId');
    expect([methodOf('updateMessage'), pathOf('deleteKey')]).toEqual(['PUT', '/api/keys/:name']);
  });
});
