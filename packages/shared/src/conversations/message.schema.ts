import { z } from 'zod';
import { citationSchema } from '../knowledge/knowledge.schema';

/** What a code interpreter step produced: its printed logs, or an image it drew (saved as the user's file). */
const codeOutputSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('logs'), logs: z.string() }),
  z.object({ type: z.literal('image'), image: z.object({ file_id: z.string() }) }),
]);

/** A typed content part (docs/reference/messages.md (Content parts)). */
export const contentPartSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('text'), text: z.object({ value: z.string() }) }),
  z.object({
    type: z.literal('tool_call'),
    tool_call: z.object({
      id: z.string(),
      type: z.string(),
      name: z.string().optional(),
      arguments: z.string().optional(),
      output: z.string().nullish(),
      progress: z.number().optional(),
      /**
       * An assistant's steps carry OpenAI's nested shape beside the flat fields, as LibreChat's client reads them
       * (docs/reference/messages.md (Content parts)): the code interpreter's code and what it printed or drew,
       */
      code_interpreter: z.object({ input: z.string(), outputs: z.array(codeOutputSchema) }).optional(),
      /** a retrieval (its passages in `citations`), */
      retrieval: z.record(z.string(), z.unknown()).optional(),
      /** or a function (a plugin or an action) with its output. */
      function: z
        .object({ name: z.string(), arguments: z.string(), output: z.string().nullish() })
        .optional(),
      /** The passages a retrieval step gave the model: the reply shows them as its sources. */
      citations: z.array(citationSchema).optional(),
      /**
       * An action that needs the user's consent first (OAuth): the address that asks for it, and when that link
       * stops working (milliseconds since 1970). The run waits in `requires_action` until the user has agreed.
       */
      auth: z.string().optional(),
      expires_at: z.number().optional(),
    }),
  }),
  z.object({
    type: z.literal('image_file'),
    image_file: z.object({
      file_id: z.string(),
      filepath: z.string().optional(),
      filename: z.string().optional(),
      height: z.number().optional(),
      width: z.number().optional(),
    }),
  }),
]);
export type ContentPart = z.infer<typeof contentPartSchema>;

/** A file attached to a message (docs/reference/messages.md (Message fields)). */
export const messageFileSchema = z.object({
  file_id: z.string(),
  filepath: z.string().optional(),
  type: z.string().optional(),
  height: z.number().optional(),
  width: z.number().optional(),
});

/**
 * A message as the API shows it (docs/reference/messages.md (Message fields)). Messages form a tree through
 * parentMessageId. A field that is not set is absent, never null.
 */
export const messageSchema = z.object({
  messageId: z.string(),
  conversationId: z.string(),
  parentMessageId: z.string(),
  sender: z.string(),
  text: z.string(),
  content: z.array(contentPartSchema).optional(),
  isCreatedByUser: z.boolean(),
  model: z.string().optional(),
  endpoint: z.string().optional(),
  error: z.boolean(),
  unfinished: z.boolean(),
  isEdited: z.boolean().optional(),
  finish_reason: z.string().optional(),
  tokenCount: z.number().int().optional(),
  files: z.array(messageFileSchema).optional(),
  thread_id: z.string().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Message = z.infer<typeof messageSchema>;

/**
 * The `finish_reason` of a reply the user stopped (Stop, `POST /api/ask/{endpoint}/abort`): LibreChat's value for it.
 * Saved with the reply, so after a reload it still shows as stopped, not as one that broke off.
 */
export const STOPPED_FINISH_REASON = 'incomplete';

/** True when the user stopped this reply (it is unfinished, and not because it broke off). */
export const wasStopped = (message: Pick<Message, 'unfinished' | 'error' | 'finish_reason'>): boolean =>
  message.unfinished && !message.error && message.finish_reason === STOPPED_FINISH_REASON;
