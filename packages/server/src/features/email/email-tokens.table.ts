import type { Selectable } from 'kysely';

/** What a mailed link is for. */
export type EmailTokenPurpose = 'reset' | 'verify';

/** A mailed link's token: only its SHA-256 is kept, so a database read gives no working link. */
export interface EmailTokensTable {
  id: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  token_hash: string;
  expires_at: string;
  created_at: string;
}
export type EmailTokenRow = Selectable<EmailTokensTable>;
