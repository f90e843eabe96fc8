import { afterEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Redis } from 'ioredis';
import { createServer, type AddressInfo } from 'node:net';
import type { AppDeps } from '../../app-deps';
import { openDatabase } from '../../db/database';
import { healthRoutes } from './health.routes';
import { checkHealth } from './health.service';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { testDialects } from '../../../test/dialects.test-helpers';
import { setRouteCompilers } from '../../lib/api-routes';

describe.each(testDialects())('health and error shapes on %s', (dialect) => {
  let t: TestApp;
  afterEach(async () => t?.close());

  it('answers /health with the dialect in use', async () => {
    t = await buildTestApp(dialect);
    const res = await t.app.inject({ method: 'GET', url: '/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: dialect, redis: 'none' });
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

describe('health checks while a service is down', () => {
  it('says the database is down (and 503 with Retry-After) when PostgreSQL refuses connections', async () => {
    const database = openDatabase(`postgres://parley@127.0.0.1:${await closedPort()}/none`);
    const app = Fastify();
    // Table routes are validated and written by the app's compilers (lib/api-routes.ts), as buildApp sets them.
    setRouteCompilers(app, { checkResponses: true });
    await app.register(healthRoutes, { deps: { database, redis: null } as unknown as AppDeps });
    try {
      const res = await app.inject({ method: 'GET', url: '/health' });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ status: 'unavailable', database: 'down', redis: 'none' });
    } finally {
      await app.close();
      await database.destroy();
    }
  });

  it('says Redis is down (status degraded, still 200) when its client is not connected', async () => {
    const t = await buildTestApp('sqlite');
    const redis = new Redis(`redis://127.0.0.1:${await closedPort()}`, { lazyConnect: true });
    try {
      const health = await checkHealth({ database: t.database, redis } as unknown as AppDeps);
      expect(health).toEqual({ status: 'degraded', database: 'sqlite', redis: 'down' });
    } finally {
      redis.disconnect();
      await t.close();
    }
  });

  it.skipIf(!process.env.TEST_REDIS_URL)('says Redis is up when it answers a ping', async () => {
    const t = await buildTestApp('sqlite', {}, { redis: true });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/health' });
      expect(res.json()).toEqual({ status: 'ok', database: 'sqlite', redis: 'up' });
    } finally {
      await t.close();
    }
  });
});

/** A port nothing listens on: one the OS just handed out and took back. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}
