import { z } from 'zod';

/**
 * Default model lists per built-in endpoint when the operator gives none and none is fetched from the provider
 * (docs/reference/endpoints-and-models.md (Model lists)). Current chat models, each a name its provider serves; the
 * first is the one a new chat starts with, so it is a fast, general model rather than a reasoning one.
 */
export const DEFAULT_MODELS = {
  openAI: [
    'gpt-4.1',
    'gpt-4.1-mini',
    'gpt-4.1-nano',
    'gpt-4o',
    'gpt-4o-mini',
    'gpt-5',
    'gpt-5-mini',
    'gpt-5-nano',
    'o3',
    'o4-mini',
  ],
  assistants: ['gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano', 'gpt-4o', 'gpt-4o-mini'],
  google: ['gemini-2.5-flash', 'gemini-2.5-pro', 'gemini-2.5-flash-lite', 'gemini-2.0-flash'],
  anthropic: [
    'claude-sonnet-4-5',
    'claude-opus-4-5',
    'claude-haiku-4-5',
    'claude-opus-4-1',
    'claude-sonnet-4-0',
  ],
  /** LibreChat's names for the ChatGPT web backend's models (CHATGPT_MODELS replaces them). */
  chatGPTBrowser: ['text-davinci-002-render-sha', 'gpt-4'],
  /** The Bing chat service: BingAI as the service is, Sydney its jailbreak mode's name (spec's model names). */
  bingAI: ['BingAI', 'Sydney'],
} as const;

/**
 * The small model that writes conversation titles on OpenAI-family endpoints, when the endpoint can serve it
 * (docs/reference/chat.md (Titles)).
 */
export const TITLE_MODEL = 'gpt-4o-mini';

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
  /**
   * Models the operator marked as able to read images (names or `*` patterns, the YAML's `visionModels`), on top of
   * the known vision families (`takesImages`); absent when none.
   */
  visionModels: z.array(z.string()).optional(),
  /**
   * Models the operator marked as calling tools (names or `*` patterns, the YAML's `toolModels`), on top of the
   * known families (`callsTools`); absent when none.
   */
  toolModels: z.array(z.string()).optional(),
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
  /** Absent when asked without a token (LibreChat's client asks before its refresh): the models are per user. */
  modelsConfig: modelsConfigSchema.optional(),
});
export type EndpointsOverride = z.infer<typeof endpointsOverrideSchema>;
