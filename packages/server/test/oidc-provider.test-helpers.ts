import { OAuth2Server } from 'oauth2-mock-server';

/** Who the local provider says signs in; tests change it before each sign-in. */
export interface OidcUser {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
}

export interface LocalOidcProvider {
  issuer: string;
  /** The user the next sign-ins are answered for. */
  user: OidcUser;
  /** Query of every authorization request, in order (what the client sent: PKCE, nonce, scope). */
  authorizeRequests: Record<string, string>[];
  /** Form body of every token request, in order. */
  tokenRequests: Record<string, string>[];
  /** The next ID token carries this nonce instead of the one the client sent. */
  tamperNextNonce(nonce: string): void;
  /** The environment that points a Parley server at this provider (ALLOW_SOCIAL_LOGIN and OPENID_*). */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider on loopback (oauth2-mock-server): discovery, signed ID tokens, userinfo, PKCE. It
 * approves every authorization at once, for the user in `user`. For API tests and browser specs.
 *
 * `hostname: 'localhost'` names it `http://localhost:<port>` (listening on every loopback address): another site
 * than a Parley server at 127.0.0.1, as a real provider is, so a browser treats the callback as a cross-site
 * navigation and its cookie rules are the real ones.
 */
export async function startLocalOidcProvider(
  options: { hostname?: '127.0.0.1' | 'localhost'; port?: number } = {},
): Promise<LocalOidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  if (options.hostname === 'localhost') {
    await server.start(options.port ?? 0, '::');
    server.issuer.url = `http://localhost:${server.address().port}`;
  } else {
    await server.start(options.port ?? 0, '127.0.0.1');
  }
  let nextNonce: string | null = null;
  const provider: LocalOidcProvider = {
    issuer: server.issuer.url!,
    user: { sub: 'user-1', email: 'oidc@example.com', email_verified: true, name: 'Olive Idsen' },
    authorizeRequests: [],
    tokenRequests: [],
    tamperNextNonce(nonce) {
      nextNonce = nonce;
    },
    env: {},
    close: () => server.stop(),
  };
  provider.env = {
    ALLOW_SOCIAL_LOGIN: 'true',
    OPENID_CLIENT_ID: 'parley-test',
    OPENID_CLIENT_SECRET: 'parley-test-secret',
    OPENID_ISSUER: provider.issuer,
  };
  const { service } = server;
  service.on('beforeAuthorizeRedirect', (_uri, req) => {
    const url = new URL(req.url ?? '', provider.issuer);
    provider.authorizeRequests.push(Object.fromEntries(url.searchParams));
  });
  service.on('beforeTokenSigning', (token, req) => {
    // Called for the access token and the ID token; only the ID token has an audience.
    if (!('aud' in token.payload)) return;
    Object.assign(token.payload, provider.user);
    if (nextNonce !== null) {
      token.payload.nonce = nextNonce;
      nextNonce = null;
    }
    const body = (req as { body?: Record<string, string> }).body;
    if (body) provider.tokenRequests.push({ ...body });
  });
  service.on('beforeUserinfo', (response) => {
    response.body = { ...provider.user };
  });
  return provider;
}
