import { AUTH_MESSAGES, DELETE_ACCOUNT_CONFIRM } from '@parley/shared';
import type { AppDeps } from '../../app-deps';
import { withTransaction } from '../../db/dialect-helpers';
import { AppError } from '../../lib/app-error';
import { nowIso } from '../../lib/clock';
import { deleteUserFiles } from '../files/delete.service';
import { allUserFileIds } from '../files/files.repository';
import type { FilesContext } from '../files/store-file';
import { assertCurrentPassword } from './account.service';
import { anonymiseUser, deleteAccountData } from './account-deletion.repository';
import type { UserRow } from './users.table';

/**
 * Deletes the account (docs/reference/accounts.md (Deleting the account)), after its password, or for an account
 * without one the word DELETE. What the operator must keep for the books stays: the balance, the ledger, orders,
 * subscriptions and cash-back, against the user row, which is anonymised and marked deleted. The rest goes: files
 * (their stored objects first; one that cannot be removed now is left to the repair), conversations and messages,
 * presets, keys, sessions and links. Its running replies are stopped first. Nothing is left to sign in with, so the same e-mail or phone may register again,
 * as a new account (docs/decisions.md, "Deleting an account").
 */
export async function deleteAccount(
  ctx: Pick<FilesContext, 'deps' | 'storageForSource' | 'log'> & {
    /** Stops the user's running replies and waits for their last writes (chat-context.ts, `stopUserJobs`). */
    stopReplies: () => Promise<void>;
  },
  user: UserRow,
  input: { password?: string | undefined; confirm?: string | undefined },
  checkPassword: (check: () => Promise<void>) => Promise<void>,
): Promise<{ message: string }> {
  if (user.password_hash !== null) {
    if (!input.password) throw confirmRequired('password');
    await checkPassword(() => assertCurrentPassword(user, input.password));
  } else if (input.confirm?.trim() !== DELETE_ACCOUNT_CONFIRM) {
    throw confirmRequired('confirm');
  }
  const deps: AppDeps = ctx.deps;
  const { db } = deps.database;
  // A reply still streaming would go on spending the balance and then write into a conversation being removed.
  await ctx.stopReplies();
  await deleteUserFiles(ctx, user.id, await allUserFileIds(db, user.id));
  await withTransaction(db, async (trx) => {
    await deleteAccountData(trx, user.id, user.phone);
    await anonymiseUser(trx, user.id, nowIso());
  });
  ctx.log.info({ userId: user.id }, 'Account deleted by its user');
  return { message: AUTH_MESSAGES.accountDeleted };
}

const confirmRequired = (field: 'password' | 'confirm') =>
  new AppError('VALIDATION', AUTH_MESSAGES.deleteConfirmRequired, {
    field,
    key: 'com_ui_account_delete_confirm_required',
  });
