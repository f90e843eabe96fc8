import type { Insertable } from 'kysely';
import type { Db } from '../../db/database';
import type { EmailTokenPurpose, EmailTokensTable } from './email-tokens.table';

/** A user holds one live token per purpose: a new link replaces (and so cancels) the one mailed before. */
export async function replaceEmailToken(db: Db, row: Insertable<EmailTokensTable>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('email_tokens')
      .where('user_id', '=', row.user_id)
      .where('purpose', '=', row.purpose)
      .execute();
    await trx.insertInto('email_tokens').values(row).execute();
  });
}

/**
 * Uses a token up: deletes it if it is the user's, for this purpose, and not expired, and answers whether it did.
 * One delete decides, so of two requests racing with the same link only one succeeds.
 */
export async function consumeEmailToken(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  tokenHash: string,
  nowIso: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('email_tokens')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/** Whether the token is live for the user and purpose, without using it up. */
export async function liveEmailTokenExists(
  db: Db,
  userId: string,
  purpose: EmailTokenPurpose,
  tokenHash: string,
  nowIso: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('email_tokens')
    .select('id')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', nowIso)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Uses up a live binding link and answers the address it binds, or null when the link is unknown, used or expired.
 * One delete decides, as for consumeEmailToken.
 */
export async function consumeEmailBindingToken(
  db: Db,
  userId: string,
  tokenHash: string,
  nowIso: string,
): Promise<string | null> {
  const row = await db
    .deleteFrom('email_tokens')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'email')
    .where('token_hash', '=', tokenHash)
    .where('expires_at', '>', nowIso)
    .returning('email')
    .executeTakeFirst();
  return row?.email ?? null;
}

/** Drops every link of one purpose a user holds (an account whose address got proved needs no activation link). */
export async function deleteEmailTokens(db: Db, userId: string, purpose: EmailTokenPurpose): Promise<void> {
  await db.deleteFrom('email_tokens').where('user_id', '=', userId).where('purpose', '=', purpose).execute();
}
