/** An action's server address, read without the platform's URL class (shared code runs in the browser and Node). */
export interface ActionServer {
  /** The server URL with its variables filled in and no trailing slash: `https://api.example.com/v1`. */
  url: string;
  /** Its host name in lower case, without port or brackets' contents changed: `api.example.com`, `[::1]`. */
  domain: string;
}

const HTTP_URL = /^(https?):\/\/([^/?#]*)([^?#]*)$/i;
const HOST_NAME =
  /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/;
const IPV6_LITERAL = /^\[[0-9a-f:.]+\]$/;

/**
 * The first entry of an OpenAPI `servers` list as an absolute http(s) URL, its `{variables}` replaced by their
 * defaults; null when there is none (no list, no `url`, a relative or non-http URL, user info, a query or fragment,
 * a host that is not an ASCII host name or IP literal).
 */
export function actionServerOf(servers: unknown): ActionServer | null {
  if (!Array.isArray(servers) || servers.length === 0) return null;
  const first = servers[0] as { url?: unknown; variables?: unknown } | null;
  if (!first || typeof first !== 'object' || typeof first.url !== 'string' || first.url === '') return null;
  const filled = fillVariables(first.url.trim(), first.variables);
  if (filled === null) return null;
  const match = HTTP_URL.exec(filled);
  if (!match) return null;
  const [, scheme, authority = '', path = ''] = match;
  if (authority.includes('@')) return null;
  const portAt = authority.startsWith('[') ? authority.indexOf(']:') + 1 : authority.lastIndexOf(':');
  const host = (portAt > 0 ? authority.slice(0, portAt) : authority).toLowerCase();
  const port = portAt > 0 ? authority.slice(portAt + 1) : '';
  if (port !== '' && (!/^\d{1,5}$/.test(port) || Number(port) > 65535)) return null;
  if (!HOST_NAME.test(host) && !IPV6_LITERAL.test(host)) return null;
  const domain = host.replace(/\.$/, '');
  const origin = `${scheme!.toLowerCase()}://${host}${port ? `:${port}` : ''}`;
  return { url: `${origin}${path.replace(/\/+$/, '')}`, domain };
}

/** `{name}` → the variable's default; null when a variable has no default. */
function fillVariables(url: string, variables: unknown): string | null {
  const vars = (variables && typeof variables === 'object' ? variables : {}) as Record<string, unknown>;
  let missing = false;
  const filled = url.replace(/\{([^{}]+)\}/g, (_, name: string) => {
    const value = (vars[name] as { default?: unknown } | undefined)?.default;
    if (typeof value === 'string' || typeof value === 'number') return String(value);
    missing = true;
    return '';
  });
  return missing ? null : filled;
}
