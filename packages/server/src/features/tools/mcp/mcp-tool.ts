import type { Tool as McpToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import type { Tool, ToolContext, ToolResult } from '../tool';
import { inputSchemaOf } from './mcp-input-schema';

/** The separator of MCP tool keys, between the tool's name and its server's. */
export const MCP_DELIMITER = '_mcp_';

/** Tool names a model accepts as a function name; others are skipped (and logged) when a server lists them. */
const TOOL_NAME = /^[A-Za-z0-9_-]+$/;

export function mcpToolKey(toolName: string, server: string): string {
  return `${toolName}${MCP_DELIMITER}${server}`;
}

/** Whether `key` is the key of a tool of `server`: a tool name, then `_mcp_{server}`. */
export function isToolKeyOf(key: string, server: string): boolean {
  const suffix = `${MCP_DELIMITER}${server}`;
  return key.length > suffix.length && key.endsWith(suffix);
}

export function isUsableToolName(name: string): boolean {
  return TOOL_NAME.test(name);
}

/** Calls a tool of the server by its MCP name; the connection decides where the call goes. */
export type McpToolCaller = (
  name: string,
  args: Record<string, unknown>,
  ctx: ToolContext,
) => Promise<ToolResult>;

/** One listed MCP tool as a Parley tool (docs/reference/tools.md (MCP servers)). */
export function createMcpTool(
  server: string,
  definition: McpToolDefinition,
  call: McpToolCaller,
): Tool<Record<string, unknown>> {
  return {
    key: mcpToolKey(definition.name, server),
    description: definition.description ?? definition.title ?? definition.name,
    input: inputSchemaOf(definition.inputSchema),
    run: (input, ctx) => call(definition.name, input, ctx),
  };
}
