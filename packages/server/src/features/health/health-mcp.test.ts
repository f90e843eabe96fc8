import { afterEach, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import type { McpServerHealth } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { setRouteCompilers } from '../../lib/api-routes';
import { buildTestApp, type TestApp } from '../../../test/app.test-helpers';
import { healthRoutes } from './health.routes';

describe('/health details of the MCP servers', () => {
  let t: TestApp | undefined;
  afterEach(async () => t?.close());

  async function healthWith(servers: Record<string, McpServerHealth> | null) {
    t = await buildTestApp('sqlite');
    const app = Fastify();
    // Answers are checked against the route table's schema, as in every app a test builds.
    setRouteCompilers(app, { checkResponses: true });
    const deps = { database: t.database, redis: null } as unknown as AppDeps;
    await app.register(healthRoutes, { deps, mcp: { health: () => servers } });
    try {
      return await app.inject({ method: 'GET', url: '/health' });
    } finally {
      await app.close();
    }
  }

  it('reports each server`s state, tool count and last error; a down server leaves the status ok', async () => {
    const res = await healthWith({
      files: { state: 'connected', tools: 3 },
      search: { state: 'down', tools: 0, error: 'spawn nope ENOENT' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      database: 'sqlite',
      redis: 'none',
      mcp: {
        files: { state: 'connected', tools: 3 },
        search: { state: 'down', tools: 0, error: 'spawn nope ENOENT' },
      },
    });
  });

  it('says nothing of MCP when no server is configured', async () => {
    const res = await healthWith(null);
    expect(res.json()).toEqual({ status: 'ok', database: 'sqlite', redis: 'none' });
  });
});
