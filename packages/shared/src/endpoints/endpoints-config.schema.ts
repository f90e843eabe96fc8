import { z } from 'zod';

/**
 * Default model lists per built-in endpoint when the operator gives none
 * (docs/reference/endpoints-and-models.md (Model lists)).
 */
export const DEFAULT_MODELS = {
  openAI: [
    'gpt-3.5-turbo',
    'gpt-3.5-turbo-0125',
    'gpt-3.5-turbo-16k',
    'gpt-4',
    'gpt-4-turbo-preview',
    'gpt-4-0125-preview',
    'gpt-4-1106-preview',
    'gpt-4-vision-preview',
  ],
  assistants: ['gpt-3.5-turbo', 'gpt-3.5-turbo-0125', 'gpt-4', 'gpt-4-turbo-preview', 'gpt-4-1106-preview'],
  google: [
    'gemini-pro',
    'gemini-pro-vision',
    'chat-bison',
    'chat-bison-32k',
    'codechat-bison',
    'codechat-bison-32k',
    'text-bison',
    'text-bison-32k',
    'code-bison',
    'code-bison-32k',
  ],
  anthropic: ['claude-2.1', 'claude-2', 'claude-1.2', 'claude-1', 'claude-1-100k', 'claude-instant-1'],
} as const;

/**
 * One endpoint as `GET /api/endpoints` describes it
 * (docs/reference/endpoints-and-models.md (Endpoint list and models)).
 */
export const endpointConfigSchema = z.object({
  /** The endpoint kind: its own name for a built-in one, `custom` for a YAML custom endpoint. */
  type: z.string(),
  /** The user must store their own key (and, with `userProvideURL`, base URL) before chatting. */
  userProvide: z.boolean(),
  userProvideURL: z.boolean(),
  iconURL: z.string().optional(),
  modelDisplayLabel: z.string().optional(),
  /**
   * True for Azure OpenAI, whose keys are stored under the Azure name
   * (docs/reference/endpoints-and-models.md (User-provided keys)).
   */
  azure: z.boolean(),
  disableBuilder: z.boolean().optional(),
  /** Position in the endpoint menu. */
  order: z.number().int(),
});
export type EndpointConfig = z.infer<typeof endpointConfigSchema>;

/** `GET /api/endpoints`: the configured endpoints by name. An endpoint with no key configured is absent. */
export const endpointsConfigSchema = z.record(z.string(), endpointConfigSchema);
export type EndpointsConfig = z.infer<typeof endpointsConfigSchema>;

/** `GET /api/models`: model names by endpoint name. */
export const modelsConfigSchema = z.record(z.string(), z.array(z.string()));
export type ModelsConfig = z.infer<typeof modelsConfigSchema>;

/**
 * `GET /api/endpoints/config/override` (docs/reference/endpoints-and-models.md (Endpoint list and models)): both
 * answers in one, so the web can load the endpoint menu with a single request. Parley has no separate admin override
 * store; it answers what is in effect.
 */
export const endpointsOverrideSchema = z.object({
  endpointsConfig: endpointsConfigSchema,
  modelsConfig: modelsConfigSchema,
});
export type EndpointsOverride = z.infer<typeof endpointsOverrideSchema>;
