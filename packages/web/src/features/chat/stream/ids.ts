import {
  ASSISTANT_SENDER_FALLBACK,
  DEFAULT_SENDER_LABEL,
  FALLBACK_MODEL_LABEL,
  type Assistant,
  type EndpointsConfig,
} from '@parley/shared';
import type { ConversationSetup } from '../conversation.store';

/**
 * A random UUID v4. `crypto.randomUUID` exists only in secure contexts, and a self-hosted app may well be
 * served over plain HTTP on a LAN address, so this builds one from `getRandomValues`, which exists everywhere.
 */
export function newId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * The reply's sender as the server will name it: the conversation's label, else the endpoint's, else ChatGPT. On the
 * assistants endpoint, the chosen assistant's name (else "Assistant"), from the user's assistants as the web holds them.
 */
export function senderLabel(
  setup: ConversationSetup,
  endpoints: EndpointsConfig | undefined,
  assistants?: readonly Pick<Assistant, 'id' | 'name'>[],
): string {
  const config = setup.endpoint ? endpoints?.[setup.endpoint] : undefined;
  if ((config?.type ?? setup.endpoint) === 'assistants') {
    const assistant = assistants?.find((a) => a.id === setup.assistant_id);
    return assistant?.name ?? ASSISTANT_SENDER_FALLBACK;
  }
  return (
    setup.modelLabel ??
    setup.chatGptLabel ??
    config?.modelDisplayLabel ??
    DEFAULT_SENDER_LABEL[config?.type ?? setup.endpoint ?? ''] ??
    FALLBACK_MODEL_LABEL
  );
}
