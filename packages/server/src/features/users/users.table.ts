import type { Generated, Selectable, Insertable } from 'kysely';

/** Flags are integers (0/1) on both dialects; JSON columns are text. */
export interface UsersTable {
  id: string;
  name: string;
  username: string | null;
  email: string | null;
  phone: string | null;
  password_hash: string | null;
  avatar: string | null;
  role: Generated<'USER' | 'ADMIN'>;
  /** How the account was created: local, phone, google, github, discord, facebook, openid. */
  provider: Generated<string>;
  google_id: string | null;
  github_id: string | null;
  discord_id: string | null;
  facebook_id: string | null;
  openid_id: string | null;
  invite_code: string;
  inviter_id: string | null;
  /** The inviter's inviter when this user registered (the invite chain's second level). */
  second_inviter_id: string | null;
  /** JSON array of plugin keys. */
  plugins: Generated<string>;
  email_verified: Generated<number>;
  banned_until: string | null;
  created_at: string;
  updated_at: string;
}
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
