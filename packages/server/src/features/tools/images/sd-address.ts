import { OutboundRefusedError } from '../../../lib/outbound/guarded-fetch';
import { ToolError } from '../tool';

export interface SdAddress {
  /** The web UI's base, without credentials. */
  base: URL;
  /** `Authorization: Basic …` when the address carried a user and password (a web UI started with `--api-auth`). */
  headers: Record<string, string>;
}

/**
 * The web UI's address from the SD_WEBUI_URL setting. A web UI behind `--api-auth` is written
 * `http://user:password@host:7860`; fetch refuses URLs with credentials, so they travel as Basic auth instead.
 */
export function sdAddress(raw: string, service: string, field: string): SdAddress {
  let base: URL;
  try {
    base = new URL(raw);
  } catch {
    throw new ToolError(`${service} is not configured: ${field} is not a valid URL.`);
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:')
    throw new ToolError(`${service} is not configured: ${field} must be an http or https URL.`);
  const headers: Record<string, string> = {};
  if (base.username || base.password) {
    const pair = `${decodeURIComponent(base.username)}:${decodeURIComponent(base.password)}`;
    headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    base.username = '';
    base.password = '';
  }
  return { base, headers };
}

/**
 * The guarded fetch with its refusal said in the tool's words: the address the setting names is private, loopback
 * or a metadata service (or redirects), which the operator may allow with USER_URL_ALLOWED_RANGES.
 */
export function refusalNamed(guardedFetch: typeof fetch, service: string, field: string): typeof fetch {
  return (input, init) =>
    guardedFetch(input, init).catch((error: unknown) => {
      if (error instanceof OutboundRefusedError)
        throw new ToolError(`${service} was not called: ${field} is refused (${error.message}).`);
      throw error;
    });
}
