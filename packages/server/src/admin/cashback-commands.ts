import {
  cashbackTotals,
  listCashback,
  payableFen,
  recordWithdrawal,
  WithdrawalTooLarge,
} from '../features/cashback/cashback.repository';
import { parseYuan } from '../features/cashback/money';
import { describeSharedOrigin, sharedOrigin } from '../features/cashback/shared-origin';
import { AdminRefusal, findUser, formatYuan, requireReason, UsageError } from './admin-input';
import {
  describeUser,
  limitOf,
  signed,
  type AdminDeps,
  type AdminOutput,
  type Values,
} from './admin-command';

export async function showCashback(deps: AdminDeps, values: Values, output: AdminOutput): Promise<void> {
  const user = await findUser(deps.db, values.user);
  const limit = limitOf(values);
  const totals = await cashbackTotals(deps.db, user.id, deps.config.balance.timeZone);
  output.out(
    `${describeUser(user)}: earned ${formatYuan(totals.earnedFen)} yuan (today ${formatYuan(totals.earnedTodayFen)}), ` +
      `paid ${formatYuan(totals.withdrawnFen)}, can be paid now ${formatYuan(payableFen(totals))}.`,
  );
  const rows = await listCashback(deps.db, user.id, limit);
  // An earning from a payer who shares an address or a browser with this user is marked, so a payout of a
  // self-made invite chain can be refused (docs/reference/commerce.md (Operator command line)).
  const marks = new Map<string, string>();
  for (const payer of new Set(rows.map((r) => r.source_user_id).filter((id) => id !== null))) {
    marks.set(payer, describeSharedOrigin(await sharedOrigin(deps.db, user.id, payer)));
  }
  const marked = rows.filter((r) => r.kind === 'earn' && marks.get(r.source_user_id ?? '')).length;
  if (marked > 0) {
    output.out(
      `${marked} earning(s) below came from a payer who shares an address or a browser with this user: check them before paying.`,
    );
  }
  for (const r of rows) {
    const who =
      r.kind === 'withdraw'
        ? `by ${r.operator ?? '?'}`
        : `level ${r.level}, order ${r.source_order_id}${r.kind === 'reverse' ? `, by ${r.operator ?? '?'}` : ''}`;
    const mark = r.source_user_id ? marks.get(r.source_user_id) : '';
    output.out(
      `${r.created_at}  ${r.kind.padEnd(8)}  ${signed(Number(r.amount_fen), formatYuan).padStart(9)}  ${who}  ${r.reason}${mark ? `  ${mark}` : ''}`,
    );
  }
}

export async function payCashback(
  deps: AdminDeps,
  values: Values,
  operator: string,
  output: AdminOutput,
): Promise<void> {
  const user = await findUser(deps.db, values.user);
  const fen = values.amount === undefined ? undefined : parseYuan(values.amount);
  if (fen === undefined || fen <= 0) {
    throw new UsageError(
      `--amount must be yuan above zero with at most 2 decimals, got "${values.amount ?? ''}"`,
    );
  }
  const reason = requireReason(values.reason);
  try {
    await recordWithdrawal(
      deps.db,
      { userId: user.id, amountFen: fen, reason, operator },
      deps.config.balance.timeZone,
    );
  } catch (error) {
    if (error instanceof WithdrawalTooLarge) {
      throw new AdminRefusal(
        `${describeUser(user)} can be paid at most ${formatYuan(error.payableFen)} yuan now (today's cash-back waits for tomorrow)`,
      );
    }
    throw error;
  }
  output.out(`Recorded a cash-out of ${formatYuan(fen)} yuan to ${describeUser(user)} by ${operator}.`);
}
