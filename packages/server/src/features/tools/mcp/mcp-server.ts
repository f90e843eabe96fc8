import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { McpServerHealth } from '@parley/shared';
import { isRemoteServer, type McpServerConfig } from '../../../config/mcp-servers.schema';
import { ToolError, type Tool, type ToolContext, type ToolResult } from '../tool';
import type { Backoff } from './backoff';
import { failureReason, secretsOf } from './failure-reason';
import { callMcpTool, McpConnectionError, type CallOptions } from './mcp-call';
import { toToolResult } from './mcp-result';
import { ServerConnection } from './mcp-server-connection';
import { createMcpTool, isUsableToolName } from './mcp-tool';
import type { McpLogger, Timers } from './timers';
import { UserClients } from './user-clients';
import { hasUserPlaceholders, sharedHeaders } from './user-placeholders';

export interface McpServerOptions {
  logger: McpLogger;
  timers: Timers;
  backoff: Backoff;
}

/**
 * One configured server: its standing connection (which lists the tools), the per-user connections when its
 * headers name the user, and its tools as Parley tools, rebuilt only when the list changes.
 */
export class McpServer {
  private readonly connection: ServerConnection;
  private readonly users: UserClients | undefined;
  private readonly secrets: readonly string[];
  private cached: readonly Tool<Record<string, unknown>>[] = [];

  constructor(
    readonly name: string,
    private readonly config: McpServerConfig,
    private readonly options: McpServerOptions,
  ) {
    this.secrets = secretsOf(config);
    const headers = isRemoteServer(config) ? config.headers : undefined;
    this.users = hasUserPlaceholders(headers)
      ? new UserClients(name, config, this.secrets, options.timers)
      : undefined;
    this.connection = new ServerConnection({
      name,
      config,
      headers: sharedHeaders(headers),
      secrets: this.secrets,
      logger: options.logger,
      timers: options.timers,
      backoff: options.backoff,
      onToolsChanged: () => this.rebuild(),
    });
  }

  start(): void {
    this.connection.start();
  }

  tools(): readonly Tool<Record<string, unknown>>[] {
    return this.cached;
  }

  health(): McpServerHealth {
    return { ...this.connection.health(), tools: this.cached.length };
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.connection.close(), this.users?.close()]);
  }

  private rebuild(): void {
    const definitions = this.connection.definitions();
    const skipped = definitions.filter((d) => !isUsableToolName(d.name)).map((d) => d.name);
    if (skipped.length > 0) {
      this.options.logger.warn(
        { mcpServer: this.name, skipped },
        'MCP tools skipped: a tool name may hold only letters, digits, - and _',
      );
    }
    this.cached = definitions
      .filter((d) => isUsableToolName(d.name))
      .map((d) => createMcpTool(this.name, d, (tool, args, ctx) => this.call(tool, args, ctx)));
  }

  private async call(tool: string, args: Record<string, unknown>, ctx: ToolContext): Promise<ToolResult> {
    const label = `${tool} (MCP server ${this.name})`;
    const options: CallOptions = {
      timeoutMs: this.config.timeout,
      signal: ctx.signal,
      label,
      reason: (error) => failureReason(error, this.secrets),
    };
    const run = async (client: Client) => toToolResult(await callMcpTool(client, tool, args, options), label);
    if (this.users) return this.users.with(ctx.userId, run);
    const client = this.connection.client();
    if (typeof client === 'string') throw new ToolError(client);
    try {
      return await run(client);
    } catch (error) {
      if (error instanceof McpConnectionError) this.connection.lost(client, error.cause ?? error);
      throw error;
    }
  }
}
