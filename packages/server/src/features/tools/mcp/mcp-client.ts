import { APP_VERSION } from '@parley/shared';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import {
  ToolListChangedNotificationSchema,
  type Tool as McpToolDefinition,
} from '@modelcontextprotocol/sdk/types.js';
import type { McpServerConfig } from '../../../config/mcp-servers.schema';
import { openTransport } from './mcp-transport';
import type { Timers } from './timers';

export interface OpenedClient {
  client: Client;
  tools: McpToolDefinition[];
  /** The last line the server's process wrote to stderr (stdio), to explain a later exit. */
  lastStderrLine(): string | undefined;
}

export interface OpenClientOptions {
  headers: Record<string, string>;
  timers: Timers;
  /** Aborts the attempt (the manager closing); the process started for it is ended. */
  signal?: AbortSignal;
  /** Called once the connection, after it opened, is lost. */
  onClose(client: Client): void;
  /** Called on the server's `notifications/tools/list_changed`. */
  onToolsChanged(client: Client): void;
}

/**
 * Starts a server (stdio) or reaches it (HTTP), initializes, and lists its tools, all within `initTimeout`. On any
 * failure what was started is closed before the error is thrown.
 */
export async function openClient(config: McpServerConfig, options: OpenClientOptions): Promise<OpenedClient> {
  const { transport, lastStderrLine } = openTransport(config, options.headers);
  const client = new Client({ name: 'parley', version: APP_VERSION }, { capabilities: {} });
  const deadline = new AbortController();
  const timer = options.timers.setTimeout(
    () => deadline.abort(new Error(`no answer within ${config.initTimeout / 1000} s`)),
    config.initTimeout,
  );
  const signal = options.signal ? AbortSignal.any([deadline.signal, options.signal]) : deadline.signal;
  let opened = false;
  let changedWhileOpening = false;
  client.onclose = () => {
    if (opened) options.onClose(client);
  };
  client.setNotificationHandler(ToolListChangedNotificationSchema, () => {
    if (opened) options.onToolsChanged(client);
    else changedWhileOpening = true;
  });
  try {
    await client.connect(transport, { signal, timeout: config.initTimeout });
    const tools = await listAllTools(client, signal, config.initTimeout);
    opened = true;
    // A change announced while the first list was read may have come after the server answered it.
    if (changedWhileOpening) queueMicrotask(() => options.onToolsChanged(client));
    return { client, tools, lastStderrLine };
  } catch (error) {
    await client.close().catch(() => {});
    throw withStderr(signal.aborted ? signal.reason : error, lastStderrLine());
  } finally {
    options.timers.clearTimeout(timer);
  }
}

/** Every page of the server's tool list. */
export async function listAllTools(
  client: Client,
  signal: AbortSignal | undefined,
  timeout: number,
): Promise<McpToolDefinition[]> {
  const tools: McpToolDefinition[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor ? { cursor } : {}, { signal, timeout });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor);
  return tools;
}

// A process that exits at start says why on stderr; "Connection closed" alone helps nobody.
export function withStderr(error: unknown, stderrLine: string | undefined): Error {
  const base = error instanceof Error ? error : new Error(String(error));
  if (!stderrLine || base.message.includes(stderrLine)) return base;
  return new Error(`${base.message} (stderr: ${stderrLine})`, { cause: base.cause });
}
