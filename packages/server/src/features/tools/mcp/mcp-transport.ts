import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isRemoteServer, type McpServerConfig } from '../../../config/mcp-servers.schema';

/** A transport to one server, and the last line its process wrote to stderr (stdio only): often the reason it died. */
export interface OpenedTransport {
  transport: Transport;
  lastStderrLine(): string | undefined;
}

/**
 * Makes the transport for a server's config. `headers` are the remote server's headers as this connection sends
 * them (per-user placeholders already filled or left out: user-placeholders.ts).
 */
export function openTransport(config: McpServerConfig, headers: Record<string, string>): OpenedTransport {
  if (isRemoteServer(config)) {
    const url = new URL(config.url);
    const requestInit = { headers };
    const transport =
      config.type === 'sse'
        ? new SSEClientTransport(url, { requestInit })
        : new StreamableHTTPClientTransport(url, { requestInit });
    return { transport, lastStderrLine: () => undefined };
  }
  // Piped, not inherited: a chatty server must not write into Parley's log stream. The pipe is read at once
  // (a full pipe would stall the child) and only the last line is kept.
  const transport = new StdioClientTransport({
    command: config.command,
    args: config.args ?? [],
    ...(config.env && { env: { ...config.env } }),
    stderr: 'pipe',
  });
  let last: string | undefined;
  transport.stderr?.on('data', (chunk: Buffer) => {
    const line = chunk
      .toString('utf8')
      .split('\n')
      .map((l) => l.trim())
      .findLast((l) => l !== '');
    if (line) last = line;
  });
  return { transport, lastStderrLine: () => last };
}
