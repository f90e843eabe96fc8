import { selectedToolKeys, type ConversationOptions } from '@parley/shared';
import type { EndpointEntry, ProviderCredentials } from '../../providers/provider.types';
import { mcpPluginName } from '../plugins/mcp-plugins';
import { pluginAuthFor, userGivenFields } from '../plugins/plugin-auth.service';
import { findStorePlugin } from '../plugins/store-catalogue';
import type { Tool } from '../tools/tool';
import type { OpenAiToolKind } from './tool-call-part';
import { findUserById } from '../users/users.repository';
import { parsePlugins } from '../users/users.service';
import type { ChatContext } from './chat-context';
import { refuseTools as refuse, TOOL_MESSAGES } from './tool-refusals';

import { resolveTurnAgent, type TurnAgent } from './turn-agent';

/** A tool a turn may call, with the credentials its plugin has for this user. */
export interface TurnTool {
  tool: Tool;
  auth: Readonly<Record<string, string>>;
  /** The fields of `auth` the user gave (their URLs go through the guard). */
  userGiven: ReadonlySet<string>;
  /**
   * An assistant's tool: the kind of OpenAI tool call its steps are shown as too (tool-call-part.ts), for LibreChat's
   * client. Absent on the Plugins endpoint, whose steps keep the flat part.
   */
  kind?: OpenAiToolKind;
}

/** The tools a turn may call and the agent that calls them; no tools and no agent for a plain reply. */
export interface TurnToolsAndAgent {
  tools: TurnTool[];
  agent: TurnAgent | null;
}

/**
 * The tools a send on the Plugins endpoint may call: the agent must be able to run them (turn-agent.ts: a `functions`
 * agent's model calls tools, `callsTools` with the operator's `toolModels`), and each selected key must be a tool of
 * this server, installed by the user, with every credential its plugin needs (the operator's or the user's own).
 * Anything else is a 400 before anything is saved. Other endpoints run no tools, whatever the conversation selected.
 */
export async function resolveTurnTools(
  ctx: ChatContext,
  userId: string,
  endpoint: string,
  entry: EndpointEntry | undefined,
  options: ConversationOptions,
  credentials: ProviderCredentials | undefined,
): Promise<TurnToolsAndAgent> {
  const keys = selectedToolKeys(options.tools);
  if (entry?.kind !== 'gptPlugins' || keys.length === 0) return { tools: [], agent: null };
  const agent = resolveTurnAgent(ctx, endpoint, entry, options, credentials);
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
  return { tools, agent };
}
