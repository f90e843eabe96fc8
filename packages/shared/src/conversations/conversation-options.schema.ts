import { z } from 'zod';

/** An example pair for chat-type Google models (docs/reference/endpoints-and-models.md (Google model types)). */
export const exampleSchema = z.object({
  input: z.object({ content: z.string() }),
  output: z.object({ content: z.string() }),
});

/** Agent options of gptPlugins (docs/reference/endpoints-and-models.md (Endpoint settings)). */
export const agentOptionsSchema = z.object({
  agent: z.enum(['functions', 'classic']).optional(),
  skipCompletion: z.boolean().optional(),
  model: z.string().optional(),
  temperature: z.number().optional(),
});

/** Most tools one conversation may select. */
export const MAX_SELECTED_TOOLS = 50;

/**
 * A tool the conversation selected (docs/reference/tools.md (Selecting tools)): its plugin key, or the whole plugin as
 * LibreChat's client sends and keeps it (`{pluginKey, name, icon, …}`). Kept as sent, so each client reads back its own
 * form; the server reads only the key (`selectedToolKeys`).
 */
export const selectedToolSchema = z.union(
  [z.string().min(1).max(200), z.looseObject({ pluginKey: z.string().min(1).max(200) })],
  { error: 'a tool is its plugin key, or a plugin with its pluginKey' },
);
export type SelectedTool = z.infer<typeof selectedToolSchema>;

/** The plugin keys of a selection, in order, each once. */
export const selectedToolKeys = (tools: readonly SelectedTool[] | null | undefined): string[] => [
  ...new Set((tools ?? []).map((tool) => (typeof tool === 'string' ? tool : tool.pluginKey))),
];

/**
 * The per-endpoint settings a conversation or preset carries (docs/reference/conversations.md (Conversation fields)),
 * stored as one JSON column. Ranges are checked against the endpoint's data in `endpoints/`, not here, since they
 * differ by endpoint.
 */
export const conversationOptionsSchema = z.object({
  endpoint: z.string().min(1).optional(),
  endpointType: z.string().nullish(),
  model: z.string().nullish(),
  modelLabel: z.string().nullish(),
  chatGptLabel: z.string().nullish(),
  userLabel: z.string().nullish(),
  promptPrefix: z.string().nullish(),
  systemMessage: z.string().nullish(),
  examples: z.array(exampleSchema).optional(),
  temperature: z.number().nullish(),
  top_p: z.number().nullish(),
  topP: z.number().nullish(),
  topK: z.number().nullish(),
  maxOutputTokens: z.number().nullish(),
  frequency_penalty: z.number().nullish(),
  presence_penalty: z.number().nullish(),
  context: z.string().nullish(),
  tools: z.array(selectedToolSchema).max(MAX_SELECTED_TOOLS).optional(),
  agentOptions: agentOptionsSchema.nullish(),
  file_ids: z.array(z.string()).optional(),
  resendImages: z.boolean().optional(),
  imageDetail: z.enum(['low', 'auto', 'high']).optional(),
  iconURL: z.string().nullish(),
  jailbreak: z.boolean().optional(),
  toneStyle: z.string().optional(),
  /**
   * bingAI's thread as its last reply left it, shown on the conversation as LibreChat did (the server never reads
   * them from a request: docs/reference/endpoints-and-models.md (Services that keep their own thread)).
   */
  conversationSignature: z.string().max(2048).nullish(),
  clientId: z.string().max(256).nullish(),
  invocationId: z.number().int().nonnegative().nullish(),
  jailbreakConversationId: z.string().max(256).nullish(),
  assistant_id: z.string().nullish(),
  /** An assistant conversation's thread (docs/reference/assistants.md (Runs)). */
  thread_id: z.string().max(64).nullish(),
  instructions: z.string().nullish(),
});
export type ConversationOptions = z.infer<typeof conversationOptionsSchema>;
