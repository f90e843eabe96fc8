import { DEFAULT_MODELS, FALLBACK_MODEL } from '@parley/shared';
import type { AppConfig } from '../config/config.types';
import { USER_PROVIDED } from '../config/provider-settings';
import type { YamlCustomEndpoint } from '../config/yaml.schema';
import type { EndpointEntry, ProviderModelList, ServiceFamily } from './provider.types';

const fixed = (list: readonly string[]) => ({ default: [...list], fetch: false, userIdQuery: false });
const keyOf = (value: string) => (value === USER_PROVIDED ? undefined : value);

/**
 * A built-in endpoint's models: the operator's list exactly as given; else, with an operator key, the provider's
 * own list (`provider`), with Parley's defaults when it cannot be had; else (a user's key) the defaults.
 */
function builtInModels(
  operatorList: readonly string[] | undefined,
  defaults: readonly string[],
  provider: ProviderModelList | undefined,
): EndpointEntry['models'] {
  if (operatorList) return { ...fixed(operatorList), operatorList: true };
  return provider ? { ...fixed(defaults), provider } : fixed(defaults);
}

/**
 * The endpoints the operator configured, in menu order: built-in ones from the environment (left out when
 * their key is unset), then the YAML custom endpoints. `user_provided` keys make an endpoint userProvide.
 */
export function buildEndpointCatalog(config: AppConfig): EndpointEntry[] {
  const p = config.providers;
  const entries: (Omit<EndpointEntry, 'order' | 'visionModels' | 'toolModels'> & {
    visionModels?: string[];
    toolModels?: string[];
  })[] = [];
  if (p.openAI) {
    const credentials = { apiKey: keyOf(p.openAI.apiKey), baseURL: p.openAI.reverseProxy };
    const userProvide = p.openAI.apiKey === USER_PROVIDED;
    const models = builtInModels(p.openAI.models, DEFAULT_MODELS.openAI, userProvide ? undefined : 'openai');
    entries.push({
      name: 'openAI',
      kind: 'openAI',
      family: 'openai',
      userProvide,
      userProvideURL: false,
      credentials,
      models,
    });
  }
  if (p.azureOpenAI) {
    const { apiKey, models, ...rest } = p.azureOpenAI;
    const list = models ?? (rest.deploymentName ? [rest.deploymentName] : DEFAULT_MODELS.openAI);
    entries.push({
      name: 'azureOpenAI',
      kind: 'azureOpenAI',
      family: 'azure',
      userProvide: apiKey === USER_PROVIDED,
      userProvideURL: false,
      credentials: { azure: { apiKey: keyOf(apiKey) ?? '', ...rest } },
      models: fixed(list),
    });
  }
  if (p.openAI) {
    // Plugins run on the OpenAI key and models; the key is stored under the OpenAI name
    // (docs/reference/endpoints-and-models.md (User-provided keys)).
    const openAI = entries.find((e) => e.name === 'openAI');
    // PLUGIN_MODELS, when set, is the operator's own list for the Plugins endpoint
    // (docs/reference/tools.md (Models that call tools)).
    const pluginModels = p.openAI.pluginModels;
    if (openAI) {
      entries.push({
        ...openAI,
        name: 'gptPlugins',
        kind: 'gptPlugins',
        ...(pluginModels ? { models: { ...fixed(pluginModels), operatorList: true } } : {}),
      });
    }
  }
  if (p.google) {
    const { apiKey, serviceAccount, reverseProxy, models } = p.google;
    const google = serviceAccount ? { serviceAccount } : keyOf(apiKey) ? { apiKey } : undefined;
    entries.push({
      name: 'google',
      kind: 'google',
      family: 'google',
      userProvide: apiKey === USER_PROVIDED,
      userProvideURL: false,
      credentials: { baseURL: reverseProxy, ...(google ? { google } : {}) },
      // Vertex (a service account) has no list call of the Gemini API's kind: it keeps the defaults.
      models: builtInModels(
        models,
        DEFAULT_MODELS.google,
        google && 'apiKey' in google ? 'google' : undefined,
      ),
    });
  }
  if (p.anthropic) {
    const { apiKey, reverseProxy, models } = p.anthropic;
    entries.push({
      name: 'anthropic',
      kind: 'anthropic',
      family: 'anthropic',
      userProvide: apiKey === USER_PROVIDED,
      userProvideURL: false,
      credentials: { apiKey: keyOf(apiKey), baseURL: reverseProxy },
      models: builtInModels(models, DEFAULT_MODELS.anthropic, keyOf(apiKey) ? 'anthropic' : undefined),
    });
  }
  if (p.chatGPTBrowser) entries.push(serviceEntry('chatGPTBrowser', 'chatgpt-browser', p.chatGPTBrowser));
  if (p.bingAI) entries.push(serviceEntry('bingAI', 'bing-chathub', p.bingAI));
  for (const custom of config.yaml?.endpoints?.custom ?? []) entries.push(customEntry(custom));
  return entries.map((entry, order) => ({
    ...entry,
    visionModels: entry.visionModels ?? builtInVisionModels(config, entry.name),
    toolModels: entry.toolModels ?? builtInToolModels(config, entry.name),
    order,
  }));
}

/**
 * A service that keeps its own thread (chatGPTBrowser, bingAI): its token (or `user_provided`), the service's URL,
 * the operator's model list or LibreChat's names; no provider list to ask.
 */
function serviceEntry(
  name: 'chatGPTBrowser' | 'bingAI',
  family: ServiceFamily,
  { apiKey, reverseProxy, models }: { apiKey: string; reverseProxy: string; models?: string[] },
): Omit<EndpointEntry, 'order' | 'visionModels' | 'toolModels'> {
  return {
    name,
    kind: name,
    family,
    userProvide: apiKey === USER_PROVIDED,
    userProvideURL: false,
    credentials: { apiKey: keyOf(apiKey), baseURL: reverseProxy },
    models: builtInModels(models, DEFAULT_MODELS[name], undefined),
  };
}

/** A built-in endpoint's YAML block; plugins run on OpenAI's models, so they read OpenAI's block. */
function builtInBlock(config: AppConfig, name: string) {
  const blocks = config.yaml?.endpoints;
  return name === 'gptPlugins'
    ? blocks?.openAI
    : blocks?.[name as 'openAI' | 'azureOpenAI' | 'google' | 'anthropic'];
}

/** A built-in endpoint's YAML block names its marked vision models. */
const builtInVisionModels = (config: AppConfig, name: string): string[] => [
  ...(builtInBlock(config, name)?.visionModels ?? []),
];

/** A built-in endpoint's YAML block names its marked tool-calling models. */
const builtInToolModels = (config: AppConfig, name: string): string[] => [
  ...(builtInBlock(config, name)?.toolModels ?? []),
];

function customEntry(custom: YamlCustomEndpoint): Omit<EndpointEntry, 'order'> {
  const models = custom.models.default.length > 0 ? custom.models.default : [FALLBACK_MODEL];
  return {
    name: custom.name,
    kind: 'custom',
    family: 'custom',
    userProvide: custom.apiKey === USER_PROVIDED,
    userProvideURL: custom.baseURL === USER_PROVIDED,
    iconURL: custom.iconURL,
    modelDisplayLabel: custom.modelDisplayLabel,
    visionModels: [...(custom.visionModels ?? [])],
    toolModels: [...(custom.toolModels ?? [])],
    credentials: { apiKey: keyOf(custom.apiKey), baseURL: keyOf(custom.baseURL) },
    models: {
      default: models,
      fetch: custom.models.fetch ?? false,
      userIdQuery: custom.models.userIdQuery ?? false,
      // The YAML's own list, unless the menu shows a fetched one instead.
      operatorList: custom.models.default.length > 0 && !custom.models.fetch,
    },
    custom,
  };
}
