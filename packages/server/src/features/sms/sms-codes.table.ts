import type { Selectable } from 'kysely';

/** A phone's live sign-in code: only its keyed hash is kept, so a database read gives no working code. */
export interface SmsCodesTable {
  phone: string;
  code_hash: string;
  /** Wrong tries so far; at the limit the code is dead. */
  attempts: number;
  expires_at: string;
  /** When it was sent: the next code for this phone may go 60 s later. */
  sent_at: string;
}
export type SmsCodeRow = Selectable<SmsCodesTable>;
