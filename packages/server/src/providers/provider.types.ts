import type { LanguageModel } from 'ai';
import type { ModelCallSettings } from './call-settings';
import type { BuiltPrompt } from './build-prompt';
import type { EndpointKind } from '@parley/shared';
import type { GoogleServiceAccount } from '../config/provider-settings';
import type { YamlCustomEndpoint } from '../config/yaml.schema';

/** A model object the AI SDK's streamText/generateText take (never a gateway id string). */
export type ProviderModel = Exclude<LanguageModel, string>;

export type FetchFn = typeof fetch;

export interface AzureCredentials {
  apiKey: string;
  instanceName?: string;
  deploymentName?: string;
  apiVersion?: string;
  /** A gateway URL before `/deployments/…`; `${INSTANCE_NAME}` is substituted. */
  baseURL?: string;
}

export type GoogleCredentials = { apiKey: string } | { serviceAccount: GoogleServiceAccount };

/** Credentials for one call: from the operator's config, or from the user's stored key (which wins). */
export interface ProviderCredentials {
  apiKey?: string;
  /** Honoured only for endpoints that let the user provide a URL (custom `baseURL: user_provided`). */
  baseURL?: string;
  azure?: AzureCredentials;
  google?: GoogleCredentials;
}

/** Whose model-list API a built-in endpoint asks (provider-model-lists.ts). */
export type ProviderModelList = 'openai' | 'anthropic' | 'google';

/** How requests are sent: which adapter builds the model. */
export type ProviderFamily = 'openai' | 'azure' | 'anthropic' | 'google' | 'custom' | ServiceFamily;

/**
 * Services that keep the conversation themselves: a call sends the question alone and names the service's thread;
 * no AI SDK model speaks them. docs/reference/endpoints-and-models.md (Services that keep their own thread)
 */
export type ServiceFamily = 'chatgpt-browser' | 'bing-chathub';

/** One configured endpoint, as the registry knows it. */
export interface EndpointEntry {
  name: string;
  kind: EndpointKind;
  family: ProviderFamily;
  order: number;
  userProvide: boolean;
  userProvideURL: boolean;
  iconURL?: string;
  modelDisplayLabel?: string;
  /** The operator's credentials; absent where the user provides them. */
  credentials: ProviderCredentials;
  /**
   * `default`: the operator's list, else Parley's defaults. `fetch`: a custom endpoint's `models.fetch`.
   * `provider`: a built-in endpoint with an operator key and no operator list asks its provider's own list
   * (docs/reference/endpoints-and-models.md (Model lists)). `operatorList`: `default` is a fixed list the operator
   * wrote (`OPENAI_MODELS`, …, or a custom endpoint's `models.default` without `fetch`); only such a list refuses a
   * model (features/chat/offered-model.ts).
   */
  models: {
    default: string[];
    fetch: boolean;
    userIdQuery: boolean;
    provider?: ProviderModelList;
    operatorList?: boolean;
  };
  /** Models the operator marked as reading images (the YAML's `visionModels`; names or `*` patterns). */
  visionModels: string[];
  /** Models the operator marked as calling tools (the YAML's `toolModels`; names or `*` patterns). */
  toolModels: string[];
  /** The YAML block of a custom endpoint (addParams, dropParams, headers, forcePrompt, title settings). */
  custom?: YamlCustomEndpoint;
}

/** What an adapter receives to build a model; credentials are already merged and checked. */
export interface ModelRequest {
  entry: EndpointEntry;
  model: string;
  credentials: ProviderCredentials;
  fetch?: FetchFn;
}

/** The tokens a provider says a call used (the balance settles from them when the provider reports them). */
export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

/** A tool offered to the model (docs/reference/tools.md (The tool interface)): its name, when to use it, its input. */
export interface ToolSpec {
  name: string;
  description: string;
  /** The input as JSON Schema (an object schema). */
  inputSchema: Record<string, unknown>;
}

/**
 * What a reply stream yields: text as it arrives, the tools the model calls (each whole, its input parsed), then the
 * finish reason (the AI SDK's names: stop, length, tool-calls…) with the provider's token usage when it reported one.
 */
export type ReplyPart =
  | { type: 'text'; text: string }
  | { type: 'tool-call'; id: string; name: string; input: unknown }
  | { type: 'finish'; finishReason: string; usage?: TokenUsage }
  | { type: 'service-state'; state: ServiceState; shown?: ServiceConversationFields };

/** What a service's thread shows on the conversation (bingAI's ids, as LibreChat's conversation carried them). */
export interface ServiceConversationFields {
  conversationSignature?: string;
  clientId?: string;
  invocationId?: number;
  jailbreakConversationId?: string;
}

/** What a service that keeps its own thread answered for its next call (its ids), kept on the reply as JSON. */
export type ServiceState = Readonly<Record<string, string | number>>;

/**
 * A call to a service that keeps its own thread: the question (its id is the service's id of the user's message)
 * and what the reply it answers kept (null: the service's thread starts here).
 */
export interface ServiceTurn {
  questionId: string;
  question: string;
  state: ServiceState | null;
  /** The conversation's settings a service reads (bingAI's tone, jailbreak, context and system message). */
  options: ServiceOptions;
  /** The turns before the question, oldest first (within the history budget), for a service that is sent them. */
  history: readonly { role: 'user' | 'assistant'; text: string }[];
}

export interface ServiceOptions {
  model: string;
  toneStyle?: string | undefined;
  jailbreak?: boolean | undefined;
  context?: string | null | undefined;
  systemMessage?: string | null | undefined;
}

/**
 * One streamed call: the placed prompt, the call settings, the signal that aborts it, and the tools offered. The
 * model is not made to run them: a call with tools is one step, which ends at the model's tool calls.
 */
export interface ReplyCall {
  prompt: BuiltPrompt;
  settings: ModelCallSettings;
  signal: AbortSignal;
  tools?: readonly ToolSpec[];
  /** Present for a service that keeps its own thread (ServiceFamily), which reads it instead of the prompt. */
  service?: ServiceTurn;
}

/** Streams one reply; a provider failure is thrown (an AI SDK error, mapped by provider-errors.ts). */
export type ReplyStreamer = (call: ReplyCall) => AsyncIterable<ReplyPart>;
