import type { Conversation } from '@parley/shared';
import type { ConversationSetup } from '../conversation.store';
import { ASSISTANTS_ENDPOINT } from './submission';

/**
 * What a reply's final event changes in the setup of an assistant's conversation: the assistant and the thread the
 * server placed it on (a new conversation's thread is made by its first reply), so the next send names them
 * (docs/reference/assistants.md (Chatting with an assistant)). Null when nothing changes.
 */
export function threadOf(
  conversation: Pick<Conversation, 'endpoint' | 'assistant_id' | 'thread_id'>,
  setup: ConversationSetup,
): Pick<ConversationSetup, 'assistant_id' | 'thread_id'> | null {
  if (conversation.endpoint !== ASSISTANTS_ENDPOINT) return null;
  const next = {
    ...(conversation.assistant_id ? { assistant_id: conversation.assistant_id } : {}),
    ...(conversation.thread_id ? { thread_id: conversation.thread_id } : {}),
  };
  const changed = Object.entries(next).some(([key, value]) => setup[key as keyof typeof next] !== value);
  return changed ? next : null;
}
