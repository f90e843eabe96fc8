import { callsTools, selectedToolKeys, type SelectedTool } from '@parley/shared';
import { AppError } from '../../lib/app-error';
import type { EndpointEntry } from '../../providers/provider.types';
import { mcpPluginName } from '../plugins/mcp-plugins';
import { pluginAuthFor, userGivenFields } from '../plugins/plugin-auth.service';
import { findStorePlugin } from '../plugins/store-catalogue';
import type { Tool } from '../tools/tool';
import { findUserById } from '../users/users.repository';
import { parsePlugins } from '../users/users.service';
import type { ChatContext } from './chat-context';

/** A tool a turn may call, with the credentials its plugin has for this user. */
export interface TurnTool {
  tool: Tool;
  auth: Readonly<Record<string, string>>;
  /** The fields of `auth` the user gave (their URLs go through the guard). */
  userGiven: ReadonlySet<string>;
}

/** The refusals of a send whose tools cannot run (docs/reference/tools.md (Selecting tools)). */
export const TOOL_MESSAGES = {
  model: (model: string) => `${model} cannot use tools; choose a model that can, or turn the tools off.`,
  unknown: (key: string) => `tools: there is no tool "${key}" on this server.`,
  mcpOffline: (name: string, server: string) =>
    `${name} cannot be used now: its MCP server ${server} is not connected. Try again later, or turn the tool off.`,
  notInstalled: (name: string) => `Install ${name} in the plugin store before using it.`,
  settings: (name: string) => `${name} needs its settings: open it in the plugin store.`,
} as const;

const refuse = (message: string) => new AppError('VALIDATION', message, { field: 'tools' });

/**
 * The tools a send on the Plugins endpoint may call: each selected key must be a tool of this server, installed by
 * the user, with every credential its plugin needs (the operator's or the user's own), and the model must call tools
 * (`callsTools`, with the operator's `toolModels`). Anything else is a 400 before anything is saved. Other endpoints
 * run no tools, whatever the conversation selected.
 */
export async function resolveTurnTools(
  ctx: ChatContext,
  userId: string,
  entry: EndpointEntry | undefined,
  model: string,
  selected: readonly SelectedTool[] | null | undefined,
): Promise<TurnTool[]> {
  const keys = selectedToolKeys(selected);
  if (entry?.kind !== 'gptPlugins' || keys.length === 0) return [];
  if (!callsTools(model, entry.toolModels)) throw refuse(TOOL_MESSAGES.model(model));
  const extra = ctx.tools.extraPlugins();
  const user = await findUserById(ctx.deps.database.db, userId);
  const installed = new Set(parsePlugins(user?.plugins ?? '[]'));
  const tools: TurnTool[] = [];
  for (const key of keys) {
    const tool = ctx.tools.registry.get(key);
    const plugin = findStorePlugin(key, extra);
    if (!tool || !plugin) {
      // A configured server that is down lists no tools; saying so beats "no such tool"
      // (docs/decisions.md (A tool of an MCP server that is down)).
      const offline = ctx.tools.offlineMcpServer(key);
      throw refuse(
        offline ? TOOL_MESSAGES.mcpOffline(mcpPluginName(key), offline) : TOOL_MESSAGES.unknown(key),
      );
    }
    if (!installed.has(key)) throw refuse(TOOL_MESSAGES.notInstalled(plugin.name));
    const auth = await pluginAuthFor(ctx.deps, userId, key, extra);
    if (!auth) throw refuse(TOOL_MESSAGES.settings(plugin.name));
    tools.push({ tool, auth, userGiven: userGivenFields(ctx.deps, key, extra) });
  }
  return tools;
}
