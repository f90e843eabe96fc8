import type { ColumnType, Generated, Selectable, Insertable } from 'kysely';

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
  /** The address a violation ban was applied from (0019-signup-addresses). */
  banned_ip: ColumnType<string | null, string | null | undefined, string | null>;
  /** The address the account was made from; null for older accounts and social sign-ups. */
  signup_ip: ColumnType<string | null, string | null | undefined, string | null>;
  /** The account the browser's known-device cookie named at sign-up (features/auth/device-cookie.ts). */
  signup_device_of: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the account was deleted (0021-account-page): the row is anonymised and kept for the books. */
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: string;
  updated_at: string;
}
export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
