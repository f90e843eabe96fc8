import type { McpServerHealth } from '@parley/shared';
import type { McpServersConfig } from '../../../config/mcp-servers.schema';
import type { Tool } from '../tool';
import { DEFAULT_BACKOFF, type Backoff } from './backoff';
import { McpServer } from './mcp-server';
import { isToolKeyOf } from './mcp-tool';
import { systemTimers, type McpLogger, type Timers } from './timers';

export interface McpManagerOptions {
  logger: McpLogger;
  /** Tests pass fake timers; the system's by default. */
  timers?: Timers;
  backoff?: Backoff;
}

/** The app's MCP servers (docs/reference/tools.md (MCP servers)): made by createServices, closed with the app. */
export interface McpManager {
  /** The tools of every connected server, from cached lists: never waits on a server. */
  tools(): Tool<Record<string, unknown>>[];
  /** One tool by key (`{tool}_mcp_{server}`), while its server is connected. */
  tool(key: string): Tool<Record<string, unknown>> | undefined;
  /**
   * The configured server a tool key names (`{tool}_mcp_{server}`) while that server is not connected: its tools are
   * then not listed, and a send that selected one is told why (features/chat/turn-tools.ts).
   */
  offlineServerOf(key: string): string | undefined;
  /** Each configured server's state for /health; null when none is configured. */
  health(): Record<string, McpServerHealth> | null;
  /** Ends every connection and the processes of stdio servers. */
  close(): Promise<void>;
}

/**
 * Starts connecting to every configured server in the background and returns at once: a server that is slow,
 * missing or failing never holds up or fails the start, and never affects another server.
 */
export function createMcpManager(
  servers: McpServersConfig | undefined,
  options: McpManagerOptions,
): McpManager {
  const serverOptions = {
    logger: options.logger,
    timers: options.timers ?? systemTimers,
    backoff: options.backoff ?? DEFAULT_BACKOFF,
  };
  const all = Object.entries(servers ?? {}).map(
    ([name, config]) => new McpServer(name, config, serverOptions),
  );
  for (const server of all) server.start();
  const tools = () => all.flatMap((server) => server.tools());
  return {
    tools,
    tool: (key) => tools().find((tool) => tool.key === key),
    offlineServerOf: (key) =>
      all.find((server) => isToolKeyOf(key, server.name) && server.health().state !== 'connected')?.name,
    health: () =>
      all.length === 0 ? null : Object.fromEntries(all.map((server) => [server.name, server.health()])),
    async close() {
      await Promise.allSettled(all.map((server) => server.close()));
    },
  };
}
