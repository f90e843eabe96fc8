import type { ProviderDefinition } from './provider';
import { fetchJson, idOf, normalizeEmail, ProfileError, str } from './provider';

/**
 * GitHub: plain OAuth 2 (no ID token). The user comes from `/user`; the e-mail from `/user/emails`, where only the
 * primary address GitHub has verified counts (the profile's public e-mail is whatever the user typed).
 */
export const github: ProviderDefinition = {
  name: 'github',
  idColumn: 'github_id',
  server: {
    kind: 'oauth2',
    issuer: 'https://github.com',
    authorization: 'https://github.com/login/oauth/authorize',
    token: 'https://github.com/login/oauth/access_token',
    api: 'https://api.github.com',
  },
  scope: () => 'read:user user:email',
  async profile(context) {
    const [user, emails] = await Promise.all([
      fetchJson(context, `${context.api}/user`),
      fetchJson(context, `${context.api}/user/emails`),
    ]);
    if (typeof user !== 'object' || user === null) throw new ProfileError('GitHub answered no user');
    const u = user as Record<string, unknown>;
    const primary = Array.isArray(emails)
      ? (emails as Record<string, unknown>[]).find((e) => e?.primary === true && e?.verified === true)
      : undefined;
    const email = normalizeEmail(primary?.email);
    return {
      id: idOf(u.id),
      email,
      emailVerified: email !== null,
      name: str(u.name) ?? str(u.login) ?? 'GitHub user',
      avatar: str(u.avatar_url),
    };
  },
};
