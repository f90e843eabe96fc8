import type { Tool } from '../tools/tool';
import { MCP_DELIMITER } from '../tools/mcp/mcp-tool';
import type { StorePlugin } from './store-catalogue';

/** The icon an MCP server's tools show in the store. */
export const MCP_PLUGIN_ICON = '/assets/plugins/mcp.svg';

/**
 * The connected MCP servers' tools as store plugins (docs/reference/tools.md (MCP servers)): key
 * `{tool}_mcp_{server}`, named "{tool} ({server})", described as the server describes the tool. They need no
 * credentials from the user: the operator configured the server.
 */
export function mcpStorePlugins(tools: readonly Pick<Tool, 'key' | 'description'>[]): StorePlugin[] {
  return tools.map((tool) => ({
    name: mcpPluginName(tool.key),
    pluginKey: tool.key,
    description: tool.description,
    icon: MCP_PLUGIN_ICON,
    authConfig: [],
  }));
}

/** How the store names an MCP tool: "{tool} ({server})" for `{tool}_mcp_{server}`. */
export function mcpPluginName(key: string): string {
  const at = key.lastIndexOf(MCP_DELIMITER);
  return at < 0 ? key : `${key.slice(0, at)} (${key.slice(at + MCP_DELIMITER.length)})`;
}
