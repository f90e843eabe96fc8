import { z } from 'zod';
import { askPayloadSchema } from '../chat/ask-payload.schema';
import { ASSISTANT_LIMITS } from './assistant.schema';

/**
 * `POST /api/assistants/chat` and `/chat/modify` (docs/reference/assistants.md (Chatting with an assistant)): an ask
 * payload naming the assistant. `thread_id` is the conversation's thread, given back by the first reply; `instructions`
 * replace the assistant's own for this conversation, and `promptPrefix` adds to them. `model` is ignored: the
 * assistant's model answers.
 */
export const assistantChatPayloadSchema = askPayloadSchema.extend({
  assistant_id: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(64),
  thread_id: z.string().max(64).nullish(),
  instructions: z
    .string()
    .max(ASSISTANT_LIMITS.instructions, {
      error: `must be at most ${ASSISTANT_LIMITS.instructions} characters`,
    })
    .nullish(),
});
export type AssistantChatPayload = z.infer<typeof assistantChatPayloadSchema>;

/** `POST /api/assistants/chat/abort`: `conversationId:messageId`, the reply's id after the colon. */
export const assistantAbortPayloadSchema = z.object({
  abortKey: z.string().min(3).max(300),
  endpoint: z.string().optional(),
});
