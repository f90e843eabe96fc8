import { AppError } from '../../lib/app-error';

/** The refusals of a send whose tools cannot run (docs/reference/tools.md (Selecting tools)). */
export const TOOL_MESSAGES = {
  model: (model: string) => `${model} cannot use tools; choose a model that can, or turn the tools off.`,
  unknown: (key: string) => `tools: there is no tool "${key}" on this server.`,
  mcpOffline: (name: string, server: string) =>
    `${name} cannot be used now: its MCP server ${server} is not connected. Try again later, or turn the tool off.`,
  notInstalled: (name: string) => `Install ${name} in the plugin store before using it.`,
  settings: (name: string) => `${name} needs its settings: open it in the plugin store.`,
} as const;

export const refuseTools = (message: string) => new AppError('VALIDATION', message, { field: 'tools' });
