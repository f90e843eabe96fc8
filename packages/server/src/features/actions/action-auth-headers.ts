import type { ActionAuth } from '@parley/shared';
import { ToolError } from '../tools/tool';
import type { ActionSecrets } from './action.types';

/**
 * The headers that sign a request in with an API key: `Authorization: Basic <key>`, `Authorization: Bearer <key>`, or
 * `<custom header>: <key>`. For Basic, a key written as `user:password` is base64-encoded as HTTP asks; a key without
 * a colon is taken as already encoded (what API dashboards hand out). OAuth's bearer token comes from the
 * token store instead (`oauthHeaders`).
 */
export function apiKeyHeaders(auth: ActionAuth, secrets: ActionSecrets): Record<string, string> {
  if (auth.type !== 'service_http') return {};
  const key = secrets.api_key;
  if (!key) throw new ToolError('the action has no API key saved');
  if (/[\r\n\0]/.test(key)) throw new ToolError('the saved API key holds a line break');
  if (auth.authorization_type === 'bearer') return { authorization: `Bearer ${key}` };
  if (auth.authorization_type === 'custom') {
    const header = auth.custom_auth_header?.trim();
    if (!header) throw new ToolError('the action names no header for its API key');
    return { [header.toLowerCase()]: key };
  }
  const basic = key.includes(':') ? Buffer.from(key, 'utf8').toString('base64') : key;
  return { authorization: `Basic ${basic}` };
}

export const oauthHeaders = (accessToken: string): Record<string, string> => ({
  authorization: `Bearer ${accessToken}`,
});
