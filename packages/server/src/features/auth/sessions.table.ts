import type { Selectable } from 'kysely';

/**
 * One row per signed-in device. The refresh token is `<id>.<secret>`; only hashes are kept: the current secret's,
 * and the one it replaced with the time of that rotation (for the grace window of concurrent refreshes).
 */
export interface SessionsTable {
  id: string;
  user_id: string;
  token_hash: string;
  user_agent: string | null;
  expires_at: string;
  created_at: string;
  last_used_at: string;
  previous_hash?: string | null;
  rotated_at?: string | null;
}
export type SessionRow = Selectable<SessionsTable>;
