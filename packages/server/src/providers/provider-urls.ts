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
 * Azure: the URL before `/deployments/{deployment}`. LibreChat-style templates with `${INSTANCE_NAME}` and a
 * trailing `/deployments/${DEPLOYMENT_NAME}` (or `/chat/completions`) are accepted.
 */
export function azureBaseURL(template: string | undefined, instanceName: string | undefined): string {
  if (!template) return `https://${instanceName ?? ''}.openai.azure.com/openai`;
  return trim(template)
    .replaceAll('${INSTANCE_NAME}', instanceName ?? '')
    .replace(/\/chat\/completions$/, '')
    .replace(/\/deployments\/[^/]+$/, '');
}
