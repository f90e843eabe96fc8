import type { Db } from '../db/database';
import { findUserByEmail, findUserById, findUserByPhone } from '../features/users/users.repository';
import type { UserRow } from '../features/users/users.table';

/** A mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {}

/** A refusal of a well-formed command (unknown user, too large a cash-out): printed, exit code 1. */
export class AdminRefusal extends Error {}

/** The user named by `--user`: an e-mail (has an @), else an id, else a phone number, tried in that order. */
export async function findUser(db: Db, ref: string | undefined): Promise<UserRow> {
  if (!ref) throw new UsageError('--user is required (an e-mail, a phone number or a user id)');
  const text = ref.trim();
  const row = text.includes('@')
    ? await findUserByEmail(db, text.toLowerCase())
    : ((await findUserById(db, text)) ?? (await findUserByPhone(db, text)));
  if (!row) throw new AdminRefusal(`no user matches "${text}"`);
  return row;
}

/** Credits as typed (`5`, `0.25`, up to five decimals) as units (100000 = 1 credit); must be above zero. */
export function parseCredits(text: string | undefined): number {
  const match = text === undefined ? null : /^(\d{1,9})(?:\.(\d{1,5}))?$/.exec(text.trim());
  const units = match ? Number(match[1]) * 100_000 + Number((match[2] ?? '').padEnd(5, '0')) : 0;
  if (units <= 0) {
    throw new UsageError(`--amount must be credits above zero with at most 5 decimals, got "${text ?? ''}"`);
  }
  return units;
}

/** A whole number from `min` to `max`. */
export function parseWhole(name: string, text: string | undefined, min: number, max: number): number {
  const n = text !== undefined && /^\d+$/.test(text.trim()) ? Number(text) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new UsageError(`${name} must be a whole number from ${min} to ${max}, got "${text ?? ''}"`);
  }
  return n;
}

/** `--reason`, required for every change: the books say why. */
export function requireReason(reason: string | undefined): string {
  const text = reason?.trim() ?? '';
  if (text === '') throw new UsageError('--reason is required: say why, it is kept with the change');
  if (text.length > 500) throw new UsageError('--reason must be at most 500 characters');
  return text;
}

/** Credit units as credits with up to five decimals, trailing zeros dropped (`1.5`, `-0.01`). */
export const formatCredits = (units: number): string => String(Number((units / 100_000).toFixed(5)));

/** Fen as yuan with two decimals. */
export const formatYuan = (fen: number): string => (fen / 100).toFixed(2);
