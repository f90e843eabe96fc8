import type { Db } from '../../db/database';

/**
 * Deletes what a deleted account leaves behind beside its files: conversations (their messages and search documents
 * go by cascade), presets, provider keys, plugin credentials, actions' OAuth tokens, sessions, mailed links, and the
 * phone's sign-in code.
 */
export async function deleteAccountData(db: Db, userId: string, phone: string | null): Promise<void> {
  await db.deleteFrom('conversations').where('user_id', '=', userId).execute();
  await db.deleteFrom('messages').where('user_id', '=', userId).execute();
  await db.deleteFrom('presets').where('user_id', '=', userId).execute();
  await db.deleteFrom('user_keys').where('user_id', '=', userId).execute();
  await db.deleteFrom('plugin_auths').where('user_id', '=', userId).execute();
  await db.deleteFrom('action_oauth_tokens').where('user_id', '=', userId).execute();
  await db.deleteFrom('sessions').where('user_id', '=', userId).execute();
  await db.deleteFrom('email_tokens').where('user_id', '=', userId).execute();
  if (phone !== null) await db.deleteFrom('sms_codes').where('phone', '=', phone).execute();
}

/**
 * Anonymises the user row and marks it deleted: every way to sign in (addresses, password, linked social ids) and
 * every personal field goes; the id, invite links (who invited whom, for cash-back already paid) and timestamps stay,
 * so the ledger, orders and cash-back still name it.
 */
export async function anonymiseUser(db: Db, userId: string, now: string): Promise<void> {
  await db
    .updateTable('users')
    .set({
      name: DELETED_USER_NAME,
      username: null,
      email: null,
      phone: null,
      password_hash: null,
      avatar: null,
      google_id: null,
      github_id: null,
      discord_id: null,
      facebook_id: null,
      openid_id: null,
      plugins: '[]',
      email_verified: 0,
      signup_ip: null,
      signup_device_of: null,
      deleted_at: now,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
}

/** The name a deleted account's row keeps (the operator's books show it). */
export const DELETED_USER_NAME = 'Deleted user';
