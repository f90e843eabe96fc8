import type { Selectable } from 'kysely';

/**
 * One row per signed-in device. The refresh token is `<id>.<secret>`; only a hash of the current secret is
 * kept, so a rotated (older) secret presented again is recognised as reuse and revokes the row.
 */
export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  user_agent: string | null;
  expires_at: string;
  created_at: string;
  last_used_at: string;
}
export type SessionRow = Selectable<SessionsTable>;
