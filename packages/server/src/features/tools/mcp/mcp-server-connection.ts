import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Tool as McpToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import type { McpServerHealth } from '@parley/shared';
import type { McpServerConfig } from '../../../config/mcp-servers.schema';
import { backoffDelay, type Backoff } from './backoff';
import { failureReason } from './failure-reason';
import { listAllTools, openClient, withStderr, type OpenedClient } from './mcp-client';
import type { McpLogger, Timers } from './timers';

export interface ServerConnectionOptions {
  name: string;
  config: McpServerConfig;
  /** The headers this connection sends (per-user ones left out: user-placeholders.ts). */
  headers: Record<string, string>;
  secrets: readonly string[];
  logger: McpLogger;
  timers: Timers;
  backoff: Backoff;
  /** Called whenever the tool list changes (connected, lost, or re-listed). */
  onToolsChanged(): void;
}

/**
 * The one standing connection to a configured server: opened in the background, kept while it lives, and when it
 * fails or is lost, retried with exponential backoff (docs/reference/tools.md (MCP servers)). Nothing polls: a
 * stdio server is noticed dead by its pipe closing, a remote one by a call failing on the way there.
 */
export class ServerConnection {
  private state: McpServerHealth['state'] = 'connecting';
  private error: string | undefined;
  private opened: OpenedClient | undefined;
  private tools: readonly McpToolDefinition[] = [];
  private attempt = 0;
  private retryTimer: unknown;
  private pending: Promise<void> | undefined;
  private readonly closing = new AbortController();

  constructor(private readonly options: ServerConnectionOptions) {}

  start(): void {
    this.pending = this.connect();
  }

  health(): McpServerHealth {
    return {
      state: this.state,
      tools: this.tools.length,
      ...(this.error !== undefined && { error: this.error }),
    };
  }

  /** The tools listed while connected; none otherwise. */
  definitions(): readonly McpToolDefinition[] {
    return this.tools;
  }

  /** The live client, or a message saying why there is none. */
  client(): Client | string {
    if (this.opened && this.state === 'connected') return this.opened.client;
    const why = this.error ? `: ${this.error}` : '';
    return `MCP server ${this.options.name} is ${this.state === 'down' ? 'down' : 'still connecting'}${why}`;
  }

  /** A call found the connection broken (a remote server gone, a session lost): reconnect. */
  lost(client: Client, error: unknown): void {
    if (this.opened?.client !== client) return;
    const opened = this.opened;
    this.opened = undefined;
    this.setTools([]);
    void opened.client.close().catch(() => {});
    this.fail(withStderr(error, opened.lastStderrLine()));
  }

  async close(): Promise<void> {
    this.closing.abort(new Error('Parley is stopping'));
    this.options.timers.clearTimeout(this.retryTimer);
    await this.pending;
    const opened = this.opened;
    this.opened = undefined;
    this.setTools([]);
    await opened?.client.close();
  }

  private async connect(): Promise<void> {
    const { config, headers, timers } = this.options;
    // A retry leaves the state as it is: a down server stays down, with its last error, until an attempt succeeds,
    // so /health and the refusal of its tools do not flip to "connecting" at every attempt.
    try {
      const opened = await openClient(config, {
        headers,
        timers,
        signal: this.closing.signal,
        onClose: (client) => this.lost(client, new Error('the connection closed')),
        onToolsChanged: (client) => void this.relist(client),
      });
      this.opened = opened;
    } catch (error) {
      if (!this.closing.signal.aborted) this.fail(error);
      return;
    }
    this.attempt = 0;
    this.state = 'connected';
    this.error = undefined;
    this.setTools(this.opened.tools);
    this.options.logger.info(
      { mcpServer: this.options.name, tools: this.tools.length },
      'MCP server connected',
    );
  }

  private fail(error: unknown): void {
    if (this.closing.signal.aborted) return;
    const reason = failureReason(error, this.options.secrets);
    const retryInMs = backoffDelay(this.attempt++, this.options.backoff);
    this.state = 'down';
    this.error = reason;
    this.options.logger.warn({ mcpServer: this.options.name, reason, retryInMs }, 'MCP server is down');
    this.retryTimer = this.options.timers.setTimeout(() => {
      this.pending = this.connect();
    }, retryInMs);
  }

  // On the server's list_changed: the cached list is replaced, so listing tools never waits on a server.
  private async relist(client: Client): Promise<void> {
    try {
      const tools = await listAllTools(client, this.closing.signal, this.options.config.timeout);
      if (this.opened?.client === client) this.setTools(tools);
    } catch (error) {
      if (this.closing.signal.aborted) return;
      this.options.logger.warn(
        { mcpServer: this.options.name, reason: failureReason(error, this.options.secrets) },
        'MCP server tool list could not be read again; the previous list is kept',
      );
    }
  }

  private setTools(tools: readonly McpToolDefinition[]): void {
    this.tools = tools;
    this.options.onToolsChanged();
  }
}
