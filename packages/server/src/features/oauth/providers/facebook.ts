import type { ProviderDefinition } from './provider';
import { fetchJson, idOf, normalizeEmail, ProfileError, str } from './provider';

const GRAPH_VERSION = 'v19.0';

/**
 * Facebook: plain OAuth 2 and the Graph API. Facebook gives no verified flag, so its e-mail is never used to link
 * or stored (docs/decisions.md, "Social sign-in").
 */
export const facebook: ProviderDefinition = {
  name: 'facebook',
  idColumn: 'facebook_id',
  server: {
    kind: 'oauth2',
    issuer: 'https://www.facebook.com',
    authorization: `https://www.facebook.com/${GRAPH_VERSION}/dialog/oauth`,
    token: `https://graph.facebook.com/${GRAPH_VERSION}/oauth/access_token`,
    api: `https://graph.facebook.com/${GRAPH_VERSION}`,
  },
  scope: () => 'public_profile email',
  async profile(context) {
    const user = await fetchJson(context, `${context.api}/me?fields=id,name,email,picture`);
    if (typeof user !== 'object' || user === null) throw new ProfileError('Facebook answered no user');
    const u = user as Record<string, unknown>;
    const picture = (u.picture as { data?: { url?: unknown } } | undefined)?.data?.url;
    return {
      id: idOf(u.id),
      email: normalizeEmail(u.email),
      emailVerified: false,
      name: str(u.name) ?? 'Facebook user',
      avatar: str(picture),
    };
  },
};
