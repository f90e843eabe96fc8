import { afterEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { testDialects } from '../../../test/dialects';

describe.each(testDialects())('health and error shapes on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('answers /health with the dialect in use', async () => {
    t = await buildTestApp(dialect);
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: dialect });
  });

  it('answers an unknown API path with a JSON 404', async () => {
    t = await buildTestApp(dialect);
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends helmet headers with a CSP that forbids inline script', async () => {
    t = await buildTestApp(dialect);
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
