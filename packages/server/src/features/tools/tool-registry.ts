import type { ToolSettings } from '../../config/tool-settings';
import { calculatorTool } from './builtin/calculator';
import { webBrowserTool } from './builtin/web-browser';
import { createDalleTool, createStableDiffusionTool } from './images';
import { searchTools } from './search';
import type { Tool } from './tool';

/** The app's tools by key (docs/reference/tools.md (The tool interface)): the built-in plugins, then the MCP tools. */
export interface ToolRegistry {
  get(key: string): Tool | undefined;
  /** Every key a tool answers to now (an MCP server that is down has none). */
  keys(): string[];
}

/**
 * One registry per app (app-services.ts). The built-in tools are made once, with the operator's settings; an MCP
 * server's tools are asked of `mcp` each time, since servers come and go while the app runs. A built-in key wins.
 */
export function createToolRegistry(
  settings: Pick<ToolSettings, 'dalleBaseUrl'>,
  mcp: { tool(key: string): Tool | undefined; tools(): readonly Tool[] },
): ToolRegistry {
  const builtIn = new Map<string, Tool>(
    [
      calculatorTool,
      webBrowserTool,
      ...searchTools.map((create) => create()),
      createDalleTool(settings.dalleBaseUrl ? { baseUrl: settings.dalleBaseUrl } : {}),
      createStableDiffusionTool(),
    ].map((tool) => [tool.key, tool as Tool]),
  );
  return {
    get: (key) => builtIn.get(key) ?? mcp.tool(key),
    keys: () => [
      ...builtIn.keys(),
      ...mcp
        .tools()
        .map((tool) => tool.key)
        .filter((key) => !builtIn.has(key)),
    ],
  };
}
