const UNIQUE_COLUMNS = ['email', 'username', 'phone', 'invite_code'] as const;
export type UniqueUserColumn = (typeof UNIQUE_COLUMNS)[number];

/**
 * Names the `users` column whose unique constraint an insert broke, or null for any other error. Only names are
 * read, never values: better-sqlite3's message ("UNIQUE constraint failed: users.email", or
 * "index 'users_username_lower_unique'") and pg's constraint name (SQLSTATE 23505, e.g. `users_email_key`).
 */
export function uniqueViolationColumn(error: unknown): UniqueUserColumn | null {
  if (!error || typeof error !== 'object') return null;
  const e = error as { code?: unknown; message?: unknown; constraint?: unknown };
  let names: unknown = null;
  if (e.code === 'SQLITE_CONSTRAINT_UNIQUE') names = e.message;
  if (e.code === '23505') names = e.constraint;
  if (typeof names !== 'string') return null;
  return UNIQUE_COLUMNS.find((column) => names.includes(column)) ?? null;
}
