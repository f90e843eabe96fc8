import { callsTools, type ConversationOptions } from '@parley/shared';
import type { ModelCallSettings } from '../../providers/call-settings';
import type { EndpointEntry, ProviderCredentials, ReplyStreamer } from '../../providers/provider.types';
import type { ChatContext } from './chat-context';
import { refuseTools, TOOL_MESSAGES } from './tool-refusals';

/** The agent temperature when the conversation sets none (docs/reference/tools.md (The agent's settings)). */
export const DEFAULT_AGENT_TEMPERATURE = 0;

/**
 * Who runs a reply's tool steps (docs/reference/tools.md (The agent's settings)): the agent model, called with the
 * agent temperature, either offered the tools (`functions`) or told them in its instructions and answering in
 * `Action:` lines (`classic`); and whether its own answer is the reply (`skipCompletion`) or the conversation's
 * model writes the reply from what the tools found.
 */
export interface TurnAgent {
  kind: 'functions' | 'classic';
  model: string;
  streamer: ReplyStreamer;
  settings: ModelCallSettings;
  skipCompletion: boolean;
}

/**
 * The agent of a send with tools, from the conversation's `agentOptions`. An agent model the operator's list does not
 * offer (a LibreChat client's default, or a model the operator has since removed) is the conversation's own model,
 * so the send still runs on a model the user may use. The `functions` agent needs a model that calls tools (400 with
 * `field: tools` otherwise); the `classic` agent runs on any model.
 */
export function resolveTurnAgent(
  ctx: ChatContext,
  endpoint: string,
  entry: EndpointEntry,
  options: ConversationOptions,
  credentials: ProviderCredentials | undefined,
): TurnAgent {
  const agentOptions = options.agentOptions ?? {};
  const model = offeredOr(entry, agentOptions.model, options.model!);
  const kind = agentOptions.agent ?? 'functions';
  if (kind === 'functions' && !callsTools(model, entry.toolModels))
    throw refuseTools(TOOL_MESSAGES.model(model));
  const temperature = agentOptions.temperature ?? DEFAULT_AGENT_TEMPERATURE;
  return {
    kind,
    model,
    streamer: ctx.registry.replyStreamer(endpoint, model, credentials),
    settings: ctx.registry.callSettings(endpoint, { ...options, model, temperature }),
    skipCompletion: agentOptions.skipCompletion ?? true,
  };
}

function offeredOr(entry: EndpointEntry, wanted: string | undefined, fallback: string): string {
  if (!wanted) return fallback;
  return !entry.models.operatorList || entry.models.default.includes(wanted) ? wanted : fallback;
}
