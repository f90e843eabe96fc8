/** How long a down MCP server waits before the next attempt: 1 s, 2 s, 4 s, … up to a minute. */
export interface Backoff {
  baseMs: number;
  maxMs: number;
}

export const DEFAULT_BACKOFF: Backoff = { baseMs: 1_000, maxMs: 60_000 };

/** The wait before retry number `attempt` (0 for the first retry after a failure). */
export function backoffDelay(attempt: number, { baseMs, maxMs }: Backoff = DEFAULT_BACKOFF): number {
  // Capped before exponentiating too: 2 ** 2000 is Infinity, and a server down for days keeps counting.
  return Math.min(maxMs, baseMs * 2 ** Math.min(attempt, 30));
}
