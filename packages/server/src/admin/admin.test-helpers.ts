import { DEFAULT_BALANCE } from '../config/balance-settings';
import { readShopSettings } from '../config/shop-settings';
import type { Db } from '../db/database';
import { runAdmin } from './run-admin';

/** Runs one admin command on `db` with the default balance and shop, as operator `root`; answers what it printed. */
export async function runAdminCaptured(db: Db, argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdmin(
    argv,
    { db, config: { balance: DEFAULT_BALANCE, shop: readShopSettings(null) }, operator: 'root' },
    { out: (l) => out.push(l), err: (l) => err.push(l) },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}
