import { afterEach, describe, expect, it } from 'vitest';
import { createServices } from '../../../app-services';
import { testConfig } from '../../../../test/app.test-helpers';
import { freshDatabase, type TestDatabase } from '../../../../test/dialects.test-helpers';
import { eventually, isRunning, STDIO_SERVER, toolContext } from './fixtures/mcp.test-helpers';

describe('MCP servers in the app`s services', () => {
  const databases: TestDatabase[] = [];
  afterEach(async () => {
    for (const database of databases.splice(0)) await database.cleanup();
  });

  it('connects the YAML`s servers in the background, and close() ends their processes', async () => {
    const database = await freshDatabase('sqlite');
    databases.push(database);
    const config = testConfig({
      yaml: {
        version: '1.0.3',
        mcpServers: { math: { ...STDIO_SERVER, timeout: 30_000, initTimeout: 10_000 } },
      },
    });
    const services = createServices({ config, database, redis: null });
    // Made at once, connected later: the start does not wait for any server.
    expect(services.mcp.health()).toEqual({ math: { state: 'connecting', tools: 0 } });
    await eventually(() => expect(services.mcp.health()?.math?.state).toBe('connected'));
    const pid = Number((await services.mcp.tool('pid_mcp_math')!.run({}, toolContext())).output);
    await services.close();
    await eventually(() => expect(isRunning(pid)).toBe(false));
  });

  it('has no servers, and nothing for /health, without mcpServers', async () => {
    const database = await freshDatabase('sqlite');
    databases.push(database);
    const services = createServices({ config: testConfig(), database, redis: null });
    expect(services.mcp.health()).toBeNull();
    expect(services.mcp.tools()).toEqual([]);
    await services.close();
  });
});
