import type { UsersTable } from '../features/users/users.table';
import type { SessionsTable } from '../features/auth/sessions.table';

/** Every table, as Kysely sees it. Each feature declares its own table type beside its repository. */
export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
}
