/**
 * Per-user header values (docs/reference/tools.md (MCP servers)): `{{LIBRECHAT_USER_ID}}` is replaced with the id
 * of the user a call is for. The config keeps the template; only the connection made for that user sees the value.
 */
export const USER_ID_PLACEHOLDER = '{{LIBRECHAT_USER_ID}}';

export function hasUserPlaceholders(headers: Readonly<Record<string, string>> | undefined): boolean {
  return Object.values(headers ?? {}).some((value) => value.includes(USER_ID_PLACEHOLDER));
}

/** The headers a connection made for `userId` sends. */
export function headersForUser(
  headers: Readonly<Record<string, string>> | undefined,
  userId: string,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers ?? {}).map(([name, value]) => [
      name,
      value.replaceAll(USER_ID_PLACEHOLDER, userId),
    ]),
  );
}

/**
 * The headers of the connection that belongs to no user (the one that lists the tools): per-user headers are left
 * out, since sending them empty or as written would claim an identity nobody has.
 */
export function sharedHeaders(headers: Readonly<Record<string, string>> | undefined): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers ?? {}).filter(([, value]) => !value.includes(USER_ID_PLACEHOLDER)),
  );
}
