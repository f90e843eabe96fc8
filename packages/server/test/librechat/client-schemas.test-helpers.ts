import { z } from 'zod';

// What the LibreChat v0.6.10 web client requires of the entities Parley answers, written here from that client's
// documented behaviour (its API library, librechat-data-provider 0.4.x, cannot be installed from the registry any
// more; docs/reference/librechat-clients.md). The client parses conversations and messages with schemas like these
// and throws on a mismatch; where a field may be absent but not null, Parley must leave it out.
//
// Not a copy of the client's schemas: only the rules that decide whether the client accepts an answer.

const absentNotNull = {
  string: () => z.string().optional(),
  number: () => z.number().optional(),
  boolean: () => z.boolean().optional(),
};

/**
 * A conversation as the client parses it before every send (it builds the next request from the conversation the
 * last answer gave it). `endpointType`, the sampling numbers, the flags and `iconURL` may be absent but never null;
 * the labels and the prompt may be null.
 */
export const clientConversationSchema = z.object({
  conversationId: z.string().nullable(),
  title: z.string().nullable().default('New Chat'),
  user: absentNotNull.string(),
  endpoint: z.string().nullable(),
  endpointType: absentNotNull.string(),
  suggestions: z.array(z.string()).optional(),
  messages: z.array(z.string()).optional(),
  tools: z.array(z.unknown()).optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
  systemMessage: z.string().nullable().optional(),
  modelLabel: z.string().nullable().optional(),
  chatGptLabel: z.string().nullable().optional(),
  userLabel: absentNotNull.string(),
  model: z.string().nullable().optional(),
  promptPrefix: z.string().nullable().optional(),
  context: z.string().nullable().optional(),
  examples: z.array(z.unknown()).optional(),
  temperature: absentNotNull.number(),
  top_p: absentNotNull.number(),
  topP: absentNotNull.number(),
  topK: absentNotNull.number(),
  maxOutputTokens: absentNotNull.number(),
  presence_penalty: absentNotNull.number(),
  frequency_penalty: absentNotNull.number(),
  parentMessageId: absentNotNull.string(),
  agentOptions: z.object({}).loose().nullable().optional(),
  file_ids: z.array(z.string()).optional(),
  resendImages: absentNotNull.boolean(),
  imageDetail: z.enum(['low', 'auto', 'high']).optional(),
  iconURL: absentNotNull.string(),
  jailbreak: absentNotNull.boolean(),
  toneStyle: absentNotNull.string(),
  assistant_id: absentNotNull.string(),
  instructions: absentNotNull.string(),
});

/**
 * A message as the client parses it: from the final event, an error event, a page of messages. `sender`, `text`,
 * `isCreatedByUser` and `error` are required; the ids may be null but must be present.
 */
export const clientMessageSchema = z.object({
  messageId: z.string(),
  conversationId: z.string().nullable(),
  parentMessageId: z.string().nullable(),
  responseMessageId: z.string().nullable().optional(),
  overrideParentMessageId: z.string().nullable().optional(),
  model: z.string().nullable().optional(),
  title: z.string().nullable().default('New Chat'),
  sender: z.string(),
  text: z.string(),
  generation: z.string().nullable().optional(),
  isEdited: absentNotNull.boolean(),
  isCreatedByUser: z.boolean(),
  error: z.boolean(),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
  current: absentNotNull.boolean(),
  unfinished: absentNotNull.boolean(),
  searchResult: absentNotNull.boolean(),
  finish_reason: absentNotNull.string(),
  thread_id: absentNotNull.string(),
  iconURL: absentNotNull.string(),
  files: z.array(z.object({ file_id: z.string() }).loose()).optional(),
  content: z.array(z.object({ type: z.string() }).loose()).optional(),
  tokenCount: absentNotNull.number(),
});
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/** A preset as the client keeps it: a conversation without its id and times, with its own id and title. */
export const clientPresetSchema = clientConversationSchema
  .omit({ conversationId: true, createdAt: true, updatedAt: true, title: true })
  .extend({
    conversationId: z.string().nullable().optional(),
    presetId: z.string().nullable().optional(),
    title: z.string().nullable().optional(),
    defaultPreset: absentNotNull.boolean(),
    order: absentNotNull.number(),
    createdAt: absentNotNull.string(),
    updatedAt: absentNotNull.string(),
  });

/**
 * Every null a JSON value holds, by path (`conversations[0].endpointType`): for a check that an answer leaves absent
 * fields out instead of sending null. `allowed` names the paths (the last key) where null is the contract.
 */
export function nullPaths(value: unknown, allowed: readonly string[] = [], at = ''): string[] {
  if (value === null) return allowed.includes(at.replace(/^.*[.\]]/, '')) ? [] : [at || '(root)'];
  if (Array.isArray(value)) return value.flatMap((item, i) => nullPaths(item, allowed, `${at}[${i}]`));
  if (typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).flatMap(([key, item]) =>
      nullPaths(item, allowed, at ? `${at}.${key}` : key),
    );
  }
  return [];
}
