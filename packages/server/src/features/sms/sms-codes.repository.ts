import type { Db } from '../../db/database';
import type { SmsCodeRow, SmsCodesTable } from './sms-codes.table';

export function findSmsCode(db: Db, phone: string): Promise<SmsCodeRow | undefined> {
  return db.selectFrom('sms_codes').selectAll().where('phone', '=', phone).executeTakeFirst();
}

/**
 * Stores a phone's new code in place of the one before, unless that one was sent after `resendCutoff` (the 60 s
 * wait). One statement decides, so of two requests racing for the same phone only one stores (and sends) a code.
 */
export async function replaceSmsCode(db: Db, row: SmsCodesTable, resendCutoff: string): Promise<boolean> {
  const stored = await db
    .insertInto('sms_codes')
    .values(row)
    .onConflict((oc) =>
      oc
        .column('phone')
        .doUpdateSet({
          code_hash: row.code_hash,
          attempts: row.attempts,
          expires_at: row.expires_at,
          sent_at: row.sent_at,
        })
        .where('sms_codes.sent_at', '<=', resendCutoff),
    )
    .returning('phone')
    .executeTakeFirst();
  return stored !== undefined;
}

/**
 * Counts one try of the phone's live code (not expired, tries left) and answers the code's hash, or undefined when
 * there is no live code. The try is counted before the comparison, so requests racing with guesses cannot get more
 * than the allowed number between them.
 */
export async function takeSmsCodeTry(
  db: Db,
  phone: string,
  now: string,
  maxAttempts: number,
): Promise<string | undefined> {
  const row = await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('phone', '=', phone)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .returning('code_hash')
    .executeTakeFirst();
  return row?.code_hash;
}

/** Gives back the try of a right code that was not used (the first-login answer keeps the code usable). */
export async function returnSmsCodeTry(db: Db, phone: string, codeHash: string): Promise<void> {
  await db
    .updateTable('sms_codes')
    .set((eb) => ({ attempts: eb('attempts', '-', 1) }))
    .where('phone', '=', phone)
    .where('code_hash', '=', codeHash)
    .where('attempts', '>', 0)
    .execute();
}

/**
 * Uses the code up; true for the one request that did. The row stays (expired), so the phone's 60 s wait still
 * counts from when the code was sent.
 */
export async function useSmsCode(db: Db, phone: string, codeHash: string): Promise<boolean> {
  const result = await db
    .updateTable('sms_codes')
    .set({ expires_at: USED })
    .where('phone', '=', phone)
    .where('code_hash', '=', codeHash)
    .where('expires_at', '!=', USED)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The expiry of a used code: before every time, so no check takes it for live. */
const USED = '';

/** Forgets a code that never reached the phone (the provider refused it): no wait, nothing to try. */
export async function deleteSmsCode(db: Db, phone: string, codeHash: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sms_codes')
    .where('phone', '=', phone)
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
