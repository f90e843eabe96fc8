import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-users-and-sessions';

/** Every migration, in order. A new feature appends its own; names never change once released. */
export const migrations: Record<string, Migration> = {
  '0001-users-and-sessions': m0001,
};
