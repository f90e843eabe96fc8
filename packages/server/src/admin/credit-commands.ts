import { withTransaction } from '../db/dialect-helpers';
import { appendEntry, insertEntry, readBalance, takeIfEnough } from '../features/ledger/ledger.repository';
import { AdminRefusal, findUser, formatCredits, parseCredits, requireReason } from './admin-input';
import {
  describeUser,
  limitOf,
  signed,
  type AdminDeps,
  type AdminOutput,
  type Values,
} from './admin-command';

export async function changeCredits(
  deps: AdminDeps,
  values: Values,
  sign: 1 | -1,
  operator: string,
  output: AdminOutput,
): Promise<void> {
  const user = await findUser(deps.db, values.user);
  const units = parseCredits(values.amount);
  const reason = `${requireReason(values.reason)} (by ${operator})`;
  const entry = { userId: user.id, kind: 'adjust' as const, change: { credits: sign * units }, reason };
  if (sign === 1) {
    await appendEntry(deps.db, entry);
  } else {
    // A removal never takes the credits below zero: the same conditional take a call's hold uses.
    const taken = await withTransaction(deps.db, async (trx) => {
      if (!(await takeIfEnough(trx, user.id, 'credits', units))) return false;
      await insertEntry(trx, entry);
      return true;
    });
    if (!taken) {
      const { credits } = await readBalance(deps.db, user.id);
      throw new AdminRefusal(
        `${describeUser(user)} has ${formatCredits(credits)} credits, fewer than ${formatCredits(units)}`,
      );
    }
  }
  const { credits } = await readBalance(deps.db, user.id);
  output.out(
    `${sign === 1 ? 'Added' : 'Removed'} ${formatCredits(units)} credits ${sign === 1 ? 'to' : 'from'} ${describeUser(user)}; ` +
      `balance now ${formatCredits(credits)} credits.`,
  );
}

export async function showLedger(deps: AdminDeps, values: Values, output: AdminOutput): Promise<void> {
  const user = await findUser(deps.db, values.user);
  const limit = limitOf(values);
  const rows = await deps.db
    .selectFrom('ledger_entries')
    .selectAll()
    .where('user_id', '=', user.id)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  const balance = await readBalance(deps.db, user.id);
  output.out(
    `${describeUser(user)}: ${formatCredits(balance.credits)} credits, ${balance.gpt3Uses} gpt-3 and ` +
      `${balance.gpt4Uses} gpt-4 uses. Newest ${rows.length} entries:`,
  );
  for (const r of rows) {
    const uses = [
      r.gpt3_uses ? `gpt-3 ${signed(r.gpt3_uses)}` : '',
      r.gpt4_uses ? `gpt-4 ${signed(r.gpt4_uses)}` : '',
    ]
      .filter(Boolean)
      .join(' ');
    output.out(
      `${r.created_at}  ${r.kind.padEnd(6)}  ${signed(Number(r.credits), formatCredits).padStart(10)}  ${uses}  ${r.reason}`,
    );
  }
}
