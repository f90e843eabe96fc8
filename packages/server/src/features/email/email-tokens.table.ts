import type { ColumnType, Selectable } from 'kysely';

/** What a mailed link is for. */
/** `email`: a link that binds (or verifies) the address in its `email` column, from the account page. */
export type EmailTokenPurpose = 'reset' | 'verify' | 'email';

/** A mailed link's token: only its SHA-256 is kept, so a database read gives no working link. */
export interface EmailTokensTable {
  id: string;
  user_id: string;
  purpose: EmailTokenPurpose;
  token_hash: string;
  /** The address an 'email' link binds (0021-account-page); null for the other purposes. */
  email: ColumnType<string | null, string | null | undefined, string | null>;
  expires_at: string;
  created_at: string;
}
export type EmailTokenRow = Selectable<EmailTokensTable>;
