import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ErrorCode, McpError, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ToolError } from '../tool';

export interface CallOptions {
  timeoutMs: number;
  signal: AbortSignal;
  /** How messages name the tool: `add (MCP server math)`. */
  label: string;
  /** An error's message as it may be shown (secrets masked: failure-reason.ts). */
  reason(error: unknown): string;
}

/** Why a call failed: the tool's fault (the run goes on), or the connection's (the server is then reconnected). */
export class McpConnectionError extends ToolError {}

/**
 * Calls one tool. The SDK's timeout and the run's signal both cancel the request, which also tells the server
 * (`notifications/cancelled`), so a slow tool stops working rather than finishing for nobody.
 */
export async function callMcpTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  { timeoutMs, signal, label, reason }: CallOptions,
): Promise<CallToolResult | { toolResult: unknown }> {
  try {
    return await client.callTool({ name, arguments: args }, undefined, { timeout: timeoutMs, signal });
  } catch (error) {
    // A stopped reply is not the tool's failure: the abort goes up as it came.
    if (signal.aborted) throw signal.reason ?? error;
    if (error instanceof McpError && error.code === ErrorCode.RequestTimeout) {
      throw new ToolError(`${label} did not answer within ${timeoutMs / 1000} s; the call was cancelled`);
    }
    // A JSON-RPC error from the server is an answer; anything else (a refused connection, a closed pipe) means the
    // connection is gone.
    if (error instanceof McpError && error.code !== ErrorCode.ConnectionClosed) {
      throw new ToolError(`${label} failed: ${reason(error)}`);
    }
    throw new McpConnectionError(`${label} is unreachable: ${reason(error)}`, { cause: error });
  }
}
