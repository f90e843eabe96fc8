import type { Migration } from 'kysely/migration';
import * as m0001 from './0001-users-and-sessions';
import * as m0002 from './0002-unique-username';
import * as m0003 from './0003-session-rotation-grace';

/** Every migration, in order. A new feature appends its own; names never change once released. */
export const migrations: Record<string, Migration> = {
  '0001-users-and-sessions': m0001,
  '0002-unique-username': m0002,
  '0003-session-rotation-grace': m0003,
};
