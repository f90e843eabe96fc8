import type { ContentPart, ConversationOptions, Message } from '@parley/shared';
import type { ModelCallSettings } from '../../providers/call-settings';
import type { ProviderCredentials, ReplyStreamer } from '../../providers/provider.types';
import type { CallBilling } from '../balance/call-billing';
import type { TurnAgent } from './turn-agent';
import type { TurnTool } from './turn-tools';

/** What a send does to the message tree (docs/decisions.md "Chat tree semantics"). */
export type TurnAction = 'ask' | 'regenerate' | 'continue';

/** The reply a turn writes: a new message, or (continue) an existing AI message extended in place. */
export interface TurnReply {
  messageId: string;
  parentMessageId: string;
  /** Text the reply starts from: empty for a new reply, the existing text for a continue. */
  baseText: string;
  /** The parts a continued reply already has (its tool steps); absent for a new or edited one. */
  baseContent?: ContentPart[];
  isEdited: boolean;
}

/** A validated, placed turn, ready to run: everything the generation job needs, and nothing from HTTP. */
export interface Turn {
  userId: string;
  endpoint: string;
  action: TurnAction;
  model: string;
  options: ConversationOptions;
  credentials: ProviderCredentials | undefined;
  /** Streams the reply from the endpoint's provider (registry.replyStreamer). */
  streamer: ReplyStreamer;
  settings: ModelCallSettings;
  sender: string;
  conversationId: string;
  isNewConversation: boolean;
  /** The user message the reply answers (saved before the provider is called). */
  requestMessage: Message;
  reply: TurnReply;
  /** Where the history walk starts: the request message, or for a continue the AI message itself. */
  historyLeafId: string;
  /**
   * The current model call's hold on the user's balance, settled when the call ends; null while CHECK_BALANCE is off.
   * A reply that uses tools makes several calls: each next one's hold replaces it (tool-steps.ts).
   */
  billing: CallBilling | null;
  /** The tools the model may call (turn-tools.ts); none for a plain reply. */
  tools: TurnTool[];
  /** Who calls them (turn-agent.ts): present exactly when `tools` is not empty. */
  agent: TurnAgent | null;
  /**
   * The endpoint whose provider serves `model`, when it is not `endpoint`: an assistant's conversation is on the
   * `assistants` endpoint, its model on the endpoint the assistant names (docs/reference/assistants.md (Models)).
   */
  modelEndpoint?: string;
  /** Instructions placed before the conversation's own (an assistant's); absent for other turns. */
  instructions?: string | null;
  /**
   * Told how the reply ended before its last event goes out; what it answers is added to the final event (an
   * assistant's run and `runMessages`).
   */
  onEnd?: (outcome: TurnOutcome) => Promise<Record<string, unknown>>;
}

/** How a reply ended: finished, failed (with the error), or stopped (an abort, or a run's timeout). */
export interface TurnOutcome {
  status: 'completed' | 'failed' | 'stopped';
  error?: unknown;
  responseMessage?: Message;
}

/** The endpoint whose provider answers the turn's model calls. */
export const servingEndpoint = (turn: Pick<Turn, 'endpoint' | 'modelEndpoint'>): string =>
  turn.modelEndpoint ?? turn.endpoint;

/** The options a turn's prompt is built from: the conversation's, with the turn's own instructions first. */
export function promptOptions(turn: Pick<Turn, 'options' | 'instructions'>): Turn['options'] {
  return turn.instructions ? { ...turn.options, systemMessage: turn.instructions } : turn.options;
}
