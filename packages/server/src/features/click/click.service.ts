import type { Click } from '@parley/shared';

/** The part of the request logger the record needs (pino's `info`). */
export interface ClickLog {
  info(fields: Record<string, unknown>, message: string): void;
}

/**
 * Records one click on a menu item or a button (docs/reference/commerce.md (Click records)) as an info line of the
 * log: operators count them there, with no table to grow. The user is the token's: the `u` the client sends is not
 * trusted, so one user cannot write clicks under another's name.
 */
export function recordClick(log: ClickLog, userId: string, click: Click): void {
  const target = 'c' in click ? { kind: 'menu', label: click.c } : { kind: 'button', label: click.b };
  log.info({ click: { userId, ...target } }, 'click');
}
