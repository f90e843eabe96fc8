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

const PRIVATE_HOST =
  /^(localhost|.*\.localhost|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|0\.0\.0\.0|\[::1?\]|\[f[cd][0-9a-f]*:.*\]|\[fe80:.*\])$/i;

/**
 * True when a user-supplied URL is not http(s) or names a loopback or private address literally
 * (ARCHITECTURE §7). Host names that resolve to private addresses are not caught here.
 */
export function isRefusedUserURL(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return true;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return true;
  return PRIVATE_HOST.test(parsed.hostname);
}
