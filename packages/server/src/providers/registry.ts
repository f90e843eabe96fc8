import type { ConversationOptions, EndpointsConfig, ModelsConfig } from '@parley/shared';
import { AppError } from '../lib/app-error';
import type { AppConfig } from '../config/config.types';
import { buildCallSettings, type ModelCallSettings } from './call-settings';
import { buildPrompt, type BuiltPrompt, type PromptInput } from './build-prompt';
import { assertAzureNames } from './azure-names';
import { resolveCredentials } from './credentials';
import { buildEndpointCatalog } from './endpoint-catalog';
import { createModelLists, type ModelListContext } from './model-lists';
import { mapProviderError, type ProviderError } from './provider-errors';
import type {
  EndpointEntry,
  FetchFn,
  ModelRequest,
  ProviderCredentials,
  ProviderFamily,
  ProviderModel,
  ReplyCall,
  ReplyPart,
  ReplyStreamer,
  ServiceFamily,
} from './provider.types';
import { chooseTitleModel, type TitleModelChoice } from './title-model';
import { createUserURLGuard, markUserURLFailures, userGivenURL } from './user-url-guard';

type Adapter = (request: ModelRequest) => ProviderModel;

/**
 * Runs `load` once and keeps its promise: an `import()` of a module already loaded still goes through the
 * loader (and its hooks under tsx) on every call, which showed in a profile of 1,000 concurrent streams.
 */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | null = null;
  return () => (loaded ??= load().catch((error: unknown) => ((loaded = null), Promise.reject(error))));
}

/** Each family's AI SDK adapter, imported on first use: an idle server loads no provider SDK. */
const ADAPTERS: Record<Exclude<ProviderFamily, ServiceFamily>, () => Promise<Adapter>> = {
  openai: once(async () => (await import('./openai')).openAIModel),
  azure: once(async () => (await import('./azure')).azureModel),
  anthropic: once(async () => (await import('./anthropic')).anthropicModel),
  google: once(async () => (await import('./google')).googleModel),
  custom: once(async () => (await import('./custom')).customModel),
};
const fastStream = once(() => import('./openai-fast-stream'));
/** Services that keep their own thread: no AI SDK model, a streamer of their own protocol each. */
const SERVICES: Record<
  ServiceFamily,
  () => Promise<(request: ModelRequest, call: ReplyCall) => AsyncIterable<ReplyPart>>
> = {
  'chatgpt-browser': once(async () => (await import('./chatgpt-browser')).streamChatGPTBrowser),
  'bing-chathub': once(async () => (await import('./bing-chathub')).streamBingChatHub),
};
const isService = (family: ProviderFamily): family is ServiceFamily => family in SERVICES;
const sdkStream = once(() => import('./sdk-stream'));
const upstreamHttp = once(() => import('./upstream-http'));

/**
 * A reply through the AI SDK, its answer read over node:http (upstream-http.ts, streamingFetch) unless the request
 * names its own fetch (user-given URLs, tests).
 */
async function* streamWithSdk(adapter: Adapter, request: ModelRequest, call: ReplyCall) {
  const [sdk, { streamingFetch }] = await Promise.all([sdkStream(), upstreamHttp()]);
  yield* sdk.streamWithSdk(adapter({ ...request, fetch: request.fetch ?? streamingFetch }), call);
}

/** Families that speak Chat Completions streams: their replies take the fast path (openai-fast-stream.ts). */
const CHAT_COMPLETIONS: ReadonlySet<ProviderFamily> = new Set(['openai', 'azure', 'custom']);

export interface ProviderRegistryOptions {
  /** The fetch every provider call and model-list request uses (tests may wrap it). */
  fetch?: FetchFn;
  /** Clock for the model-list cache. */
  now?: () => number;
  /** The fetch for user-given base URLs; by default the guarded one (user-url-guard.ts). Tests replace it. */
  userURLFetch?: FetchFn;
}

export type ProviderRegistry = ReturnType<typeof createProviderRegistry>;

/**
 * The one place that knows the model providers (docs/architecture.md (Providers)). Everything else names an endpoint
 * and gets back data, AI SDK models and settings, or a mapped error.
 */
export function createProviderRegistry(config: AppConfig, options: ProviderRegistryOptions = {}) {
  const entries = buildEndpointCatalog(config);
  const byName = new Map(entries.map((e) => [e.name, e]));
  const userURLs = createUserURLGuard(config, options.userURLFetch);
  const models = createModelLists({ ...options, userURLFetch: userURLs.fetch });

  const entry = (endpoint: string): EndpointEntry => {
    const found = byName.get(endpoint);
    if (!found) throw new AppError('VALIDATION', 'Unknown endpoint', { field: 'endpoint' });
    return found;
  };

  /** What an adapter gets: the entry, resolved credentials, and the fetch to use. */
  const modelRequest = (endpoint: string, model: string, credentials?: ProviderCredentials): ModelRequest => {
    const e = entry(endpoint);
    const resolved = resolveCredentials(e, credentials, userURLs.policy);
    assertAzureNames(e, resolved, model);
    // Where the user decides where calls go, every call goes through the guard (SSRF: lib/outbound).
    const fetch = userGivenURL(e) ? userURLs.fetch : options.fetch;
    return { entry: e, model, credentials: resolved, fetch };
  };

  return {
    /** The configured endpoint, or undefined. */
    getEndpoint: (endpoint: string): EndpointEntry | undefined => byName.get(endpoint),

    /** `GET /api/endpoints`: each configured endpoint's public description. */
    listEndpoints(): EndpointsConfig {
      return Object.fromEntries(entries.map((e) => [e.name, describe(e)]));
    },

    /** Model names of one endpoint (configured, or fetched and cached). */
    listModels: (endpoint: string, ctx: ModelListContext): Promise<string[]> => models(entry(endpoint), ctx),

    /** `GET /api/models`: every endpoint's models; a user's key is not used here. */
    async listAllModels(ctx: { userId: string }): Promise<ModelsConfig> {
      const lists = await Promise.all(entries.map(async (e) => [e.name, await models(e, ctx)] as const));
      return Object.fromEntries(lists);
    },

    /**
     * An AI SDK model for calls that are not streamed (titles); `credentials` are the user's stored key, when the
     * endpoint takes one. Its answers are read whole over node:http (upstream-http.ts), unless the request
     * names its own fetch (user-given URLs, tests).
     */
    async languageModel(
      endpoint: string,
      model: string,
      credentials?: ProviderCredentials,
    ): Promise<ProviderModel> {
      const request = modelRequest(endpoint, model, credentials);
      const family = request.entry.family;
      // Titles are off for them (title-model.ts): nothing asks, but a caller that did gets a clear refusal.
      if (isService(family)) throw new Error(`${endpoint} has no model for calls outside its thread`);
      const { bufferedFetch } = await upstreamHttp();
      return (await ADAPTERS[family]())({ ...request, fetch: request.fetch ?? bufferedFetch });
    },

    /**
     * How the endpoint's replies are streamed. Credentials are checked now (a missing key is refused before
     * the stream); the SDK is loaded on the first call. OpenAI, Azure and custom endpoints take the fast path.
     */
    replyStreamer(endpoint: string, model: string, credentials?: ProviderCredentials): ReplyStreamer {
      const request = modelRequest(endpoint, model, credentials);
      const family = request.entry.family;
      if (isService(family)) {
        return markUserURLFailures(request, async function* (call) {
          yield* (await SERVICES[family]())(request, call);
        });
      }
      const load = ADAPTERS[family];
      if (CHAT_COMPLETIONS.has(family)) {
        return markUserURLFailures(request, async function* (call) {
          const { streamOpenAICompatible } = await fastStream();
          yield* streamOpenAICompatible(await load(), request, call);
        });
      }
      return markUserURLFailures(request, async function* (call) {
        yield* streamWithSdk(await load(), request, call);
      });
    },

    /**
     * Whether the endpoint's service keeps the conversation itself (ServiceFamily): its calls carry the question
     * and the thread a reply kept (ReplyCall.service), and its replies cannot be continued.
     */
    keepsOwnThread: (endpoint: string): boolean => isService(entry(endpoint).family),

    /** Sampling settings, headers and provider options for a call, after range validation. */
    callSettings: (endpoint: string, opts: ConversationOptions): ModelCallSettings =>
      buildCallSettings(entry(endpoint), opts),

    /** Instructions and messages placed as the endpoint's provider expects. */
    buildPrompt: (endpoint: string, input: PromptInput): BuiltPrompt => buildPrompt(entry(endpoint), input),

    /** Which model writes titles for the endpoint. */
    titleModel: (endpoint: string): TitleModelChoice =>
      chooseTitleModel(entry(endpoint), config.app.titleConvo),

    mapProviderError: (error: unknown): ProviderError => mapProviderError(error),
  };
}

function describe(e: EndpointEntry): EndpointsConfig[string] {
  return {
    type: e.kind,
    userProvide: e.userProvide,
    userProvideURL: e.userProvideURL,
    ...(e.iconURL ? { iconURL: e.iconURL } : {}),
    ...(e.modelDisplayLabel ? { modelDisplayLabel: e.modelDisplayLabel } : {}),
    azure: e.family === 'azure',
    ...(e.visionModels.length > 0 ? { visionModels: [...e.visionModels] } : {}),
    ...(e.toolModels.length > 0 ? { toolModels: [...e.toolModels] } : {}),
    order: e.order,
  };
}
