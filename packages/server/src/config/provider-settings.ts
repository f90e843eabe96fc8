import { ConfigError } from './config-error';
import { envString, type Env } from './env-reader';

/** The value of a key variable that means "each user supplies their own" (docs/architecture.md (Configuration)). */
export const USER_PROVIDED = 'user_provided';

/** A provider key from the environment: the key itself, or `user_provided`. */
interface KeyedProvider {
  apiKey: string;
  /** A reverse proxy or gateway to send requests to instead of the provider's own host. */
  reverseProxy?: string;
  /** The operator's model list (`*_MODELS`, comma separated); absent means the built-in list. */
  models?: string[];
}

/** A Google service account, as in the JSON key file Google hands out. */
export interface GoogleServiceAccount {
  client_email: string;
  private_key: string;
  project_id: string;
}

export interface AzureProviderConfig extends KeyedProvider {
  instanceName?: string;
  deploymentName?: string;
  apiVersion?: string;
  /** AZURE_OPENAI_BASEURL: the URL before `/deployments/…`, with `${INSTANCE_NAME}` substituted. */
  baseURL?: string;
}

/** The built-in providers configured by environment; one absent has no key and is not offered. */
export interface ProvidersConfig {
  /** `pluginModels`: PLUGIN_MODELS, the Plugins endpoint's own list (comma separated); absent: OpenAI's models. */
  openAI?: KeyedProvider & { pluginModels?: string[] };
  anthropic?: KeyedProvider;
  /** GOOGLE_KEY: a Gemini API key, `user_provided`, or a service account's JSON (then Vertex AI is used). */
  google?: KeyedProvider & { serviceAccount?: GoogleServiceAccount };
  azureOpenAI?: AzureProviderConfig;
  /**
   * CHATGPT_TOKEN: an access token of the ChatGPT web backend (or `user_provided`); `reverseProxy` is
   * CHATGPT_REVERSE_PROXY, the whole URL of the service's conversation call (CHATGPT_CONVERSATION_URL when unset).
   */
  chatGPTBrowser?: KeyedProvider & { reverseProxy: string };
  /**
   * BINGAI_TOKEN: the service's `_U` cookie, a whole cookie header (`name=value; …`), or `user_provided`;
   * `reverseProxy` is BINGAI_HOST, the service's origin (BING_HOST when unset).
   */
  bingAI?: KeyedProvider & { reverseProxy: string };
}

/** The Bing chat service's own origin: BINGAI_HOST names a relay that speaks its protocol instead. */
export const BING_HOST = 'https://www.bing.com';

/**
 * Where the chatGPTBrowser endpoint sends without CHATGPT_REVERSE_PROXY: the web backend's own conversation call.
 * Operators run a relay that speaks its protocol and name it in CHATGPT_REVERSE_PROXY.
 */
export const CHATGPT_CONVERSATION_URL = 'https://chatgpt.com/backend-api/conversation';

/** Reads the provider variables. Nothing is required: an unset key leaves that provider out. */
export function readProviderEnv(env: Env): ProvidersConfig {
  const providers: ProvidersConfig = {};
  const openAI = keyed(env, 'OPENAI_API_KEY', 'OPENAI_REVERSE_PROXY', 'OPENAI_MODELS');
  if (openAI) {
    const pluginModels = modelList(env, 'PLUGIN_MODELS');
    providers.openAI = pluginModels ? { ...openAI, pluginModels } : openAI;
  }
  const anthropic = keyed(env, 'ANTHROPIC_API_KEY', 'ANTHROPIC_REVERSE_PROXY', 'ANTHROPIC_MODELS');
  if (anthropic) providers.anthropic = anthropic;
  const google = keyed(env, 'GOOGLE_KEY', 'GOOGLE_REVERSE_PROXY', 'GOOGLE_MODELS');
  if (google) {
    const serviceAccount = google.apiKey.startsWith('{') ? parseServiceAccount(google.apiKey) : undefined;
    providers.google = serviceAccount ? { ...google, apiKey: '', serviceAccount } : google;
  }
  const azure = keyed(env, 'AZURE_API_KEY', 'AZURE_OPENAI_BASEURL', 'AZURE_OPENAI_MODELS');
  if (azure) {
    const { reverseProxy, ...rest } = azure;
    providers.azureOpenAI = {
      ...rest,
      ...optional('instanceName', envString(env, 'AZURE_OPENAI_API_INSTANCE_NAME')),
      ...optional('deploymentName', envString(env, 'AZURE_OPENAI_API_DEPLOYMENT_NAME')),
      ...optional('apiVersion', envString(env, 'AZURE_OPENAI_API_VERSION')),
      ...optional('baseURL', reverseProxy),
    };
  }
  const chatGPT = keyed(env, 'CHATGPT_TOKEN', 'CHATGPT_REVERSE_PROXY', 'CHATGPT_MODELS');
  if (chatGPT) {
    providers.chatGPTBrowser = { ...chatGPT, reverseProxy: chatGPT.reverseProxy ?? CHATGPT_CONVERSATION_URL };
  }
  const bing = keyed(env, 'BINGAI_TOKEN', 'BINGAI_HOST', 'BINGAI_MODELS');
  if (bing) providers.bingAI = { ...bing, reverseProxy: bing.reverseProxy ?? BING_HOST };
  return providers;
}

function keyed(env: Env, keyName: string, proxyName: string, modelsName: string): KeyedProvider | undefined {
  const apiKey = envString(env, keyName);
  if (apiKey === undefined) return undefined;
  const reverseProxy = envString(env, proxyName);
  if (reverseProxy !== undefined && !/^https?:\/\//i.test(reverseProxy)) {
    throw new ConfigError(
      proxyName,
      `${proxyName} must start with http:// or https://, got "${reverseProxy}"`,
    );
  }
  const models = modelList(env, modelsName);
  return {
    apiKey,
    ...optional('reverseProxy', reverseProxy?.replace(/\/+$/, '')),
    ...(models ? { models } : {}),
  };
}

/** A comma-separated model list variable; absent when unset or empty. */
function modelList(env: Env, name: string): string[] | undefined {
  const models = envString(env, name)
    ?.split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  return models && models.length > 0 ? models : undefined;
}

function optional<K extends string>(key: K, value: string | undefined): Partial<Record<K, string>> {
  return value === undefined ? {} : ({ [key]: value } as Record<K, string>);
}

function parseServiceAccount(text: string): GoogleServiceAccount {
  let value: Partial<GoogleServiceAccount>;
  try {
    value = JSON.parse(text) as Partial<GoogleServiceAccount>;
  } catch {
    throw new ConfigError('GOOGLE_KEY', 'GOOGLE_KEY looks like JSON but is not valid JSON');
  }
  const { client_email, private_key, project_id } = value;
  if (typeof client_email !== 'string' || typeof private_key !== 'string' || typeof project_id !== 'string') {
    throw new ConfigError(
      'GOOGLE_KEY',
      'GOOGLE_KEY service account JSON needs client_email, private_key and project_id',
    );
  }
  return { client_email, private_key, project_id };
}
