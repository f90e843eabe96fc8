import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-users-and-sessions';
import * as m0002 from './0002-unique-username';

/** Every migration, in order. A new feature appends its own; names never change once released. */
export const migrations: Record<string, Migration> = {
  '0001-users-and-sessions': m0001,
  '0002-unique-username': m0002,
};
