import type { ProfileContext, SocialProfile } from './provider';
import { idOf, normalizeEmail, str } from './provider';

/**
 * An OpenID Connect user: the ID token's claims (already checked: signature, issuer, audience, nonce), completed
 * by the userinfo endpoint when the provider has one. The userinfo answer must name the same subject.
 */
export async function oidcProfile(context: ProfileContext): Promise<SocialProfile> {
  const claims = context.tokens.claims();
  if (!claims) throw new Error('The provider answered no ID token');
  let info: Record<string, unknown> = {};
  if (context.config.serverMetadata().userinfo_endpoint) {
    info = await context.oidc.fetchUserInfo(context.config, context.tokens.access_token, claims.sub);
  }
  const all: Record<string, unknown> = { ...claims, ...info };
  const email = normalizeEmail(all.email);
  return {
    id: idOf(claims.sub),
    email,
    // Some providers answer the flag as the string "true".
    emailVerified: email !== null && (all.email_verified === true || all.email_verified === 'true'),
    name:
      str(all.name) ??
      ([str(all.given_name), str(all.family_name)].filter(Boolean).join(' ') ||
        str(all.preferred_username) ||
        email?.split('@')[0] ||
        'User'),
    avatar: str(all.picture),
  };
}
