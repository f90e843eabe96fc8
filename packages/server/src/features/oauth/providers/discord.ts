import type { ProviderDefinition } from './provider';
import { fetchJson, idOf, normalizeEmail, ProfileError, str } from './provider';

/** Discord: plain OAuth 2; `/users/@me` says whether the e-mail is verified. */
export const discord: ProviderDefinition = {
  name: 'discord',
  idColumn: 'discord_id',
  server: {
    kind: 'oauth2',
    issuer: 'https://discord.com',
    authorization: 'https://discord.com/api/oauth2/authorize',
    token: 'https://discord.com/api/oauth2/token',
    api: 'https://discord.com/api',
  },
  scope: () => 'identify email',
  async profile(context) {
    const user = await fetchJson(context, `${context.api}/users/@me`);
    if (typeof user !== 'object' || user === null) throw new ProfileError('Discord answered no user');
    const u = user as Record<string, unknown>;
    const id = idOf(u.id);
    const email = normalizeEmail(u.email);
    const avatar = str(u.avatar);
    return {
      id,
      email,
      emailVerified: email !== null && u.verified === true,
      name: str(u.global_name) ?? str(u.username) ?? 'Discord user',
      avatar: avatar ? `https://cdn.discordapp.com/avatars/${id}/${avatar}.png` : null,
    };
  },
};
