import { withTransaction } from '../db/dialect-helpers';
import { isoIn, nowIso } from '../lib/clock';
import { appendEntry } from '../features/ledger/ledger.repository';
import { findUser, parseWhole, requireReason } from './admin-input';
import { describeUser, type AdminDeps, type AdminOutput, type Values } from './admin-command';

export async function banUser(
  deps: AdminDeps,
  values: Values,
  operator: string,
  output: AdminOutput,
): Promise<void> {
  const user = await findUser(deps.db, values.user);
  const minutes = parseWhole('--minutes', values.minutes, 1, 10 * 365 * 24 * 60);
  const reason = requireReason(values.reason);
  const until = isoIn(minutes * 60);
  // Every operator action is in the books with who and why; a ban moves no money, so its entry changes nothing.
  // The ban and its entry are written together or not at all.
  await withTransaction(deps.db, async (trx) => {
    await trx
      .updateTable('users')
      .set({ banned_until: until, updated_at: nowIso() })
      .where('id', '=', user.id)
      .execute();
    await appendEntry(trx, {
      userId: user.id,
      kind: 'admin',
      change: {},
      reason: `banned until ${until} by ${operator}: ${reason}`,
    });
  });
  output.out(`Banned ${describeUser(user)} until ${until} by ${operator}: ${reason}`);
}

export async function unbanUser(
  deps: AdminDeps,
  values: Values,
  operator: string,
  output: AdminOutput,
): Promise<void> {
  const user = await findUser(deps.db, values.user);
  await withTransaction(deps.db, async (trx) => {
    await trx
      .updateTable('users')
      .set({ banned_until: null, updated_at: nowIso() })
      .where('id', '=', user.id)
      .execute();
    await appendEntry(trx, { userId: user.id, kind: 'admin', change: {}, reason: `unbanned by ${operator}` });
  });
  output.out(`Unbanned ${describeUser(user)} by ${operator}.`);
}
