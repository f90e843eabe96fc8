import { json, startLocalServer, type LocalServer, type Received } from './local-api.test-helpers';

export const CLIENT_ID = 'parley-client';
export const CLIENT_SECRET = 'client-secret-PLAINTEXT-93';

export interface LocalProvider extends LocalServer {
  /** Each token request, in order, as the provider read it. */
  tokenCalls: { grant: string; clientAuth: 'post' | 'basic' | 'none'; fields: Record<string, string> }[];
  /** What the provider answers next to the token requests it accepts (`expires_in` etc.). */
  settings: { expiresIn?: number; rotateRefresh: boolean; refuseRefresh: boolean; failWith?: number };
  /** Access tokens issued so far, newest last. */
  issued: string[];
}

/**
 * A small OAuth 2 provider on 127.0.0.1: `/authorize` sends the browser straight back to `redirect_uri` with a code and
 * the state (as if the user consented), `/token` exchanges a code once or a refresh token, checking the client by the
 * form fields or an HTTP Basic header.
 */
export async function startLocalProvider(expected: 'post' | 'basic'): Promise<LocalProvider> {
  const tokenCalls: LocalProvider['tokenCalls'] = [];
  const settings: LocalProvider['settings'] = { expiresIn: 3600, rotateRefresh: false, refuseRefresh: false };
  const issued: string[] = [];
  const codes = new Map<string, string>();
  const refreshTokens = new Set<string>();
  let serial = 0;
  const server = await startLocalServer((req, res) => {
    const url = new URL(req.url, 'http://provider');
    if (url.pathname === '/authorize') {
      serial += 1;
      const code = `code-${serial}`;
      codes.set(code, url.searchParams.get('redirect_uri') ?? '');
      const back = new URL(url.searchParams.get('redirect_uri') ?? '');
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      res.writeHead(302, { location: back.toString() });
      return res.end();
    }
    if (url.pathname !== '/token' || req.method !== 'POST') return json(res, 404, { error: 'not_found' });
    const fields = Object.fromEntries(new URLSearchParams(req.body));
    const clientAuth = clientOf(req, fields);
    tokenCalls.push({ grant: fields['grant_type'] ?? '', clientAuth, fields });
    if (settings.failWith) return json(res, settings.failWith, { error: 'server_error' });
    if (clientAuth !== expected) return json(res, 401, { error: 'invalid_client' });
    const issue = () => {
      serial += 1;
      const access = `access-${serial}`;
      const refresh = `refresh-${serial}`;
      issued.push(access);
      refreshTokens.add(refresh);
      return { access, refresh };
    };
    if (fields['grant_type'] === 'authorization_code') {
      const redirect = codes.get(fields['code'] ?? '');
      codes.delete(fields['code'] ?? '');
      if (redirect === undefined || redirect !== fields['redirect_uri'])
        return json(res, 400, { error: 'invalid_grant' });
      const { access, refresh } = issue();
      return json(res, 200, tokenBody(access, refresh, settings.expiresIn));
    }
    if (fields['grant_type'] === 'refresh_token') {
      if (settings.refuseRefresh || !refreshTokens.has(fields['refresh_token'] ?? '')) {
        return json(res, 400, { error: 'invalid_grant' });
      }
      const { access, refresh } = issue();
      if (settings.rotateRefresh) refreshTokens.delete(fields['refresh_token']!);
      return json(
        res,
        200,
        tokenBody(access, settings.rotateRefresh ? refresh : undefined, settings.expiresIn),
      );
    }
    return json(res, 400, { error: 'unsupported_grant_type' });
  });
  return Object.assign(server, { tokenCalls, settings, issued });
}

function tokenBody(access: string, refresh: string | undefined, expiresIn: number | undefined) {
  return {
    access_token: access,
    token_type: 'Bearer',
    scope: 'read',
    ...(refresh ? { refresh_token: refresh } : {}),
    ...(expiresIn !== undefined ? { expires_in: expiresIn } : {}),
  };
}

function clientOf(req: Received, fields: Record<string, string>): 'post' | 'basic' | 'none' {
  const header = req.headers.authorization;
  if (header?.startsWith('Basic ')) {
    const [id, secret] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
    return id === CLIENT_ID && secret === CLIENT_SECRET ? 'basic' : 'none';
  }
  if (fields['client_id'] === CLIENT_ID && fields['client_secret'] === CLIENT_SECRET) return 'post';
  return 'none';
}
