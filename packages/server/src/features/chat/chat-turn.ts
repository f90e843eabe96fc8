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
}
