import type { AppConfig } from '../config/config.types';
import type { Db } from '../db/database';
import { parseWhole } from './admin-input';

/**
 * What the commands need: the open database and the config (the balance's time zone, the cards sold, the config
 * file's prompt library).
 */
export interface AdminDeps {
  db: Db;
  config: Pick<AppConfig, 'balance' | 'shop'> & Partial<Pick<AppConfig, 'yaml'>>;
  /** Who runs the command when `--by` is not given ($USER). */
  operator: string;
}

/** Where the commands write: lines for the operator, and errors. */
export interface AdminOutput {
  out(line: string): void;
  err(line: string): void;
}

/** Every option any command takes (node:util parseArgs); each command reads the ones it needs. */
export const OPTIONS = {
  user: { type: 'string' },
  amount: { type: 'string' },
  reason: { type: 'string' },
  by: { type: 'string' },
  minutes: { type: 'string' },
  period: { type: 'string' },
  order: { type: 'string' },
  limit: { type: 'string' },
  title: { type: 'string' },
  prefix: { type: 'string' },
  tags: { type: 'string' },
  lang: { type: 'string' },
  id: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

export type Values = {
  [K in keyof typeof OPTIONS]?: (typeof OPTIONS)[K]['type'] extends 'boolean' ? boolean : string;
};

/** One command: `operator` is `--by`, else the deps' operator. */
export type Command = (
  deps: AdminDeps,
  values: Values,
  operator: string,
  output: AdminOutput,
) => Promise<void>;

/** A user as the output names them: e-mail or phone, and the id. */
export const describeUser = (user: { id: string; email: string | null; phone: string | null }): string =>
  `${user.email ?? user.phone ?? 'user'} (${user.id})`;

/** A change with its sign (`+5`, `-0.5`). */
export function signed(n: number, format: (n: number) => string = String): string {
  return n > 0 ? `+${format(n)}` : format(n);
}

/** `--limit`, 50 by default. */
export const limitOf = (values: Values): number =>
  values.limit === undefined ? 50 : parseWhole('--limit', values.limit, 1, 10_000);
