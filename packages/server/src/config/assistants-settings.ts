import { ASSISTANT_CAPABILITIES, type AssistantCapability } from '@parley/shared';
import { envHttpUrl, envInt, envString, type Env } from './env-reader';
import type { YamlConfig } from './yaml.schema';

/**
 * The assistants endpoint (docs/reference/assistants.md (Settings)): on when the YAML file has
 * `endpoints.assistants`, which LibreChat's `librechat.yaml` spells the same way.
 */
export interface AssistantsSettings {
  /** disableBuilder: users chat with assistants but cannot create or change them. */
  disableBuilder: boolean;
  /** pollIntervalMs: how often a run waiting on the user (`requires_action`) is looked at again. */
  pollIntervalMs: number;
  /** timeoutMs: a run still going after this long is `expired`. */
  timeoutMs: number;
  /** Only these assistant ids are listed (null: every one). */
  supportedIds: readonly string[] | null;
  /** These assistant ids are not listed. */
  excludedIds: readonly string[] | null;
  /** The models offered in the builder: `models.default`, each served by a configured endpoint that calls tools. */
  models: readonly string[];
  capabilities: readonly AssistantCapability[];
  /** The code interpreter's sandboxes (docs/reference/code-interpreter.md (Limits and settings)). */
  codeInterpreter: {
    /** CODE_INTERPRETER_POOL_SIZE: warm sandboxes kept ready while in use (0 to 8, default 1). */
    poolSize: number;
    /** CODE_INTERPRETER_MAX_SANDBOXES: sandboxes at once, running or holding a conversation's state (1 to 64, default 4). */
    maxSandboxes: number;
    /** CODE_INTERPRETER_IDLE_MINUTES: a conversation's sandbox unused this long is released (1 to 1440, default 10). */
    idleMs: number;
  };
  /**
   * The operator's embeddings model (docs/reference/assistants.md (Embeddings)): knowledge passages are then ranked
   * by meaning as well as by words. Null: by words alone. Read from the environment variables LibreChat's RAG API
   * uses, so an operator's `.env` carries over.
   */
  embeddings: EmbeddingsSettings | null;
}

export interface EmbeddingsSettings {
  /** EMBEDDINGS_MODEL: turns embeddings on (`text-embedding-3-small`). */
  model: string;
  /** RAG_OPENAI_BASEURL: an OpenAI-compatible API up to its version path (OpenAI's by default). */
  baseURL: string;
  /** RAG_OPENAI_API_KEY, else OPENAI_API_KEY when that is the operator's own key (not `user_provided`). */
  apiKey: string | undefined;
  /** EMBEDDINGS_DIMENSIONS: asked of models that can shorten their vectors; the model's own size when unset. */
  dimensions: number | undefined;
}

/** The embeddings settings from the environment, or null when EMBEDDINGS_MODEL is unset. */
export function readEmbeddingsSettings(env: Env): EmbeddingsSettings | null {
  const model = envString(env, 'EMBEDDINGS_MODEL');
  if (!model) return null;
  const openAIKey = envString(env, 'OPENAI_API_KEY');
  const dimensions = envString(env, 'EMBEDDINGS_DIMENSIONS');
  return {
    model,
    baseURL: envHttpUrl(env, 'RAG_OPENAI_BASEURL', 'https://api.openai.com/v1'),
    apiKey: envString(env, 'RAG_OPENAI_API_KEY') ?? (openAIKey === 'user_provided' ? undefined : openAIKey),
    dimensions:
      dimensions === undefined ? undefined : envInt(env, 'EMBEDDINGS_DIMENSIONS', 0, { min: 1, max: 8192 }),
  };
}

export const DEFAULT_ASSISTANTS_POLL_MS = 750;
/** Ten minutes: OpenAI's runs expired after the same. */
export const DEFAULT_ASSISTANTS_TIMEOUT_MS = 600_000;

export function readAssistantsSettings(yaml: YamlConfig | null, env: Env = {}): AssistantsSettings | null {
  const block = yaml?.endpoints?.assistants;
  if (!block) return null;
  return {
    disableBuilder: block.disableBuilder ?? false,
    pollIntervalMs: block.pollIntervalMs ?? DEFAULT_ASSISTANTS_POLL_MS,
    timeoutMs: block.timeoutMs ?? DEFAULT_ASSISTANTS_TIMEOUT_MS,
    supportedIds: block.supportedIds ?? null,
    excludedIds: block.excludedIds ?? null,
    models: block.models.default,
    capabilities: [...new Set(block.capabilities ?? ASSISTANT_CAPABILITIES)],
    codeInterpreter: {
      poolSize: envInt(env, 'CODE_INTERPRETER_POOL_SIZE', 1, { min: 0, max: 8 }),
      maxSandboxes: envInt(env, 'CODE_INTERPRETER_MAX_SANDBOXES', 4, { min: 1, max: 64 }),
      idleMs: envInt(env, 'CODE_INTERPRETER_IDLE_MINUTES', 10, { min: 1, max: 1440 }) * 60_000,
    },
    embeddings: readEmbeddingsSettings(env),
  };
}
