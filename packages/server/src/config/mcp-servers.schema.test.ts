import { afterEach, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { expectConfigError, loadWithYaml, removeTempDirs } from './temp-config.test-helpers';

afterEach(removeTempDirs);

const withServers =
  (mcpServers: unknown, env = {}) =>
  () =>
    loadWithYaml(stringify({ version: '1.0.3', mcpServers }), env);

describe('mcpServers in the YAML file', () => {
  it('loads stdio and remote servers with the default timeouts, substituting ${VAR} and keeping {{…}}', () => {
    const { config } = withServers(
      {
        files: { command: 'npx', args: ['-y', 'some-server'], env: { TOKEN: '${FILES_TOKEN}' } },
        search: {
          type: 'streamable-http',
          url: 'https://mcp.example.com/${SEARCH_PATH}',
          headers: { Authorization: 'Bearer ${SEARCH_KEY}', 'X-User': '{{LIBRECHAT_USER_ID}}' },
          timeout: 5000,
        },
        old_one: { type: 'sse', url: 'http://127.0.0.1:9000/sse' },
      },
      { FILES_TOKEN: 'f-secret', SEARCH_PATH: 'mcp', SEARCH_KEY: 's-secret' },
    )();
    const servers = config.yaml?.mcpServers;
    expect(servers?.files).toMatchObject({ command: 'npx', env: { TOKEN: 'f-secret' }, timeout: 30_000 });
    expect(servers?.files?.initTimeout).toBe(10_000);
    expect(servers?.search).toMatchObject({
      url: 'https://mcp.example.com/mcp',
      headers: { Authorization: 'Bearer s-secret', 'X-User': '{{LIBRECHAT_USER_ID}}' },
      timeout: 5000,
      initTimeout: 10_000,
    });
    expect(servers?.old_one?.type).toBe('sse');
  });

  it('refuses a server name with characters a tool key cannot hold', () => {
    const error = expectConfigError(withServers({ 'my server': { command: 'x' } }), 'mcpServers.my server');
    expect(error.message).toContain('letters, digits, - and _');
  });

  it('refuses a stdio server without a command', () => {
    expectConfigError(withServers({ files: { args: ['a'] } }), 'mcpServers.files.command');
  });

  it('refuses an unknown type, naming the ones there are', () => {
    const error = expectConfigError(
      withServers({ s: { type: 'websocket', url: 'ws://x' } }),
      'mcpServers.s.type',
    );
    expect(error.message).toContain('streamable-http');
  });

  it('refuses a remote server without an http(s) URL', () => {
    expectConfigError(withServers({ s: { type: 'sse' } }), 'mcpServers.s.url');
    const error = expectConfigError(
      withServers({ s: { type: 'sse', url: 'file:///etc' } }),
      'mcpServers.s.url',
    );
    expect(error.message).toContain('http://');
  });

  it('refuses timeouts that are not a positive number of milliseconds', () => {
    expectConfigError(withServers({ s: { command: 'x', timeout: 0 } }), 'mcpServers.s.timeout');
    expectConfigError(withServers({ s: { command: 'x', initTimeout: 1.5 } }), 'mcpServers.s.initTimeout');
  });

  it('refuses placeholders it cannot fill, and per-user ones outside headers', () => {
    const email = expectConfigError(
      withServers({ s: { type: 'sse', url: 'http://h/', headers: { X: '{{LIBRECHAT_USER_EMAIL}}' } } }),
      'mcpServers.s.headers.X',
    );
    expect(email.message).toContain('only {{LIBRECHAT_USER_ID}}');
    expectConfigError(
      withServers({ s: { command: 'x', env: { ID: '{{LIBRECHAT_USER_ID}}' } } }),
      'mcpServers.s.env.ID',
    );
  });
});
