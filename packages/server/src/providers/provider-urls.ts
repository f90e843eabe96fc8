import { AZURE_NAME_RULES } from '@parley/shared';

/**
 * Base URLs as operators write them (LibreChat's conventions) turned into what each AI SDK adapter expects.
 * Trailing slashes and a pasted `/chat/completions` are forgiven.
 */
const trim = (url: string) => url.replace(/\/+$/, '');

/** OpenAI-style: the URL before `/chat/completions`, usually ending in `/v1`. */
export function openAIBaseURL(url: string): string {
  return trim(url).replace(/\/chat\/completions$/, '');
}

/** Anthropic: a proxy root (`https://host`) or one ending in `/v1`; the adapter wants the latter. */
export function anthropicBaseURL(url: string): string {
  const base = trim(url).replace(/\/messages$/, '');
  return /\/v1$/.test(base) ? base : `${base}/v1`;
}

/** Gemini: a proxy root, or one ending in an API version (`/v1beta`, `/v1`); the adapter wants the latter. */
export function googleBaseURL(url: string): string {
  const base = trim(url);
  return /\/v1(beta\d*|alpha)?$/.test(base) ? base : `${base}/v1beta`;
}

/**
 * Azure: the URL before `/deployments/{deployment}`, built with the URL API:
 * `https://{instance}.openai.azure.com/openai`, or the operator's AZURE_OPENAI_BASEURL, where LibreChat-style
 * templates with `${INSTANCE_NAME}` and a trailing `/deployments/${DEPLOYMENT_NAME}` (or `/chat/completions`) are
 * accepted. The instance name must be one DNS label (providers/azure-names.ts checks it first, with a message for
 * the user); anything else throws here too, so no name can move the request to another host or port.
 */
export function azureBaseURL(template: string | undefined, instanceName: string | undefined): string {
  if (instanceName !== undefined && !AZURE_NAME_RULES.azureOpenAIApiInstanceName.pattern.test(instanceName)) {
    throw new Error('The Azure instance name is not a DNS label');
  }
  if (!template) {
    if (!instanceName) throw new Error('Azure OpenAI needs an instance name or AZURE_OPENAI_BASEURL');
    const url = new URL('https://openai.azure.com/openai');
    url.hostname = `${instanceName}.${url.hostname}`;
    return url.href;
  }
  const url = new URL(trim(template).replaceAll('${INSTANCE_NAME}', instanceName ?? ''));
  url.pathname = url.pathname
    .replace(/\/+$/, '')
    .replace(/\/chat\/completions$/, '')
    .replace(/\/deployments\/[^/]+$/, '');
  return trim(url.href);
}
