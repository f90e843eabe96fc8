import { z } from 'zod';

/** The field limits of an assistant (docs/reference/assistants.md (Fields and limits)). */
export const ASSISTANT_LIMITS = { name: 256, description: 512, instructions: 32_768, fileIds: 20 } as const;

/** What an assistant can do beside its functions: the capabilities an operator may turn off. */
export const ASSISTANT_CAPABILITIES = ['code_interpreter', 'retrieval', 'actions'] as const;
export type AssistantCapability = (typeof ASSISTANT_CAPABILITIES)[number];

/** A function the model may call: a plugin or one operation of an action (docs/reference/assistants.md (Tools)). */
export const assistantFunctionSchema = z.object({
  name: z.string().min(1).max(256),
  description: z.string().max(4096).optional(),
  parameters: z.record(z.string(), z.unknown()).optional(),
});

/** One tool of an assistant, in the shape LibreChat's clients read. */
export const assistantToolSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('code_interpreter') }),
  z.object({ type: z.literal('retrieval') }),
  z.object({ type: z.literal('function'), function: assistantFunctionSchema }),
]);
export type AssistantTool = z.infer<typeof assistantToolSchema>;

/** Metadata an assistant keeps: its avatar's path and anything a client wants to remember (strings only). */
export const assistantMetadataSchema = z.record(z.string().max(64), z.string().max(2048));

/** An assistant as the API answers it (the OpenAI Assistant object's fields, which LibreChat's clients read). */
export const assistantSchema = z.object({
  id: z.string(),
  object: z.literal('assistant'),
  /** Seconds since the epoch. */
  created_at: z.number().int(),
  name: z.string().nullable(),
  description: z.string().nullable(),
  instructions: z.string().nullable(),
  model: z.string(),
  tools: z.array(assistantToolSchema),
  file_ids: z.array(z.string()),
  metadata: assistantMetadataSchema,
});
export type Assistant = z.infer<typeof assistantSchema>;

const text = (max: number) =>
  z
    .string({ error: 'must be text' })
    .max(max, { error: `must be at most ${max} characters` })
    .nullish();

/**
 * A tool as a client sends it: a tool object, or a plugin key (`google`, `dalle`) that the server turns into its
 * function. Functions of actions are not taken from here: they come from the action's schema on the server.
 */
export const assistantToolInputSchema = z.union([z.string().min(1).max(256), assistantToolSchema]);

/** `POST /api/assistants`. */
export const createAssistantSchema = z.object({
  name: text(ASSISTANT_LIMITS.name),
  description: text(ASSISTANT_LIMITS.description),
  instructions: text(ASSISTANT_LIMITS.instructions),
  model: z.string({ error: 'is required' }).min(1, { error: 'is required' }).max(256),
  tools: z.array(assistantToolInputSchema).max(128).optional(),
  file_ids: z.array(z.string().min(1).max(64)).max(ASSISTANT_LIMITS.fileIds).optional(),
  metadata: assistantMetadataSchema.nullish(),
});
export type CreateAssistantInput = z.infer<typeof createAssistantSchema>;

/** `PATCH /api/assistants/:id`: what it names changes, what it leaves out stays. */
export const updateAssistantSchema = createAssistantSchema.partial();
export type UpdateAssistantInput = z.infer<typeof updateAssistantSchema>;

/** `GET /api/assistants` paging, as OpenAI's list calls take it. */
export const assistantListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  order: z.enum(['asc', 'desc']).default('desc'),
  after: z.string().max(64).optional(),
  before: z.string().max(64).optional(),
});
export type AssistantListQuery = z.infer<typeof assistantListQuerySchema>;

export const assistantListSchema = z.object({
  object: z.literal('list'),
  data: z.array(assistantSchema),
  first_id: z.string().nullable(),
  last_id: z.string().nullable(),
  has_more: z.boolean(),
});
export type AssistantList = z.infer<typeof assistantListSchema>;

/** `DELETE /api/assistants/:id`. */
export const deletedAssistantSchema = z.object({
  id: z.string(),
  object: z.literal('assistant.deleted'),
  deleted: z.literal(true),
});

/**
 * What Parley keeps beside an assistant for its clients (`GET /api/assistants/documents`): its owner, avatar and
 * actions as `{domain}_action_{action_id}`.
 */
export const assistantDocumentSchema = z.object({
  user: z.string(),
  assistant_id: z.string(),
  avatar: z.object({ filepath: z.string(), source: z.string() }).optional(),
  actions: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AssistantDocument = z.infer<typeof assistantDocumentSchema>;

/** The sender of an assistant's replies when it has no name (docs/reference/assistants.md (Chatting with an assistant)). */
export const ASSISTANT_SENDER_FALLBACK = 'Assistant';
