/**
 * The timers the MCP connections wait with (backoff, idle connections, start-up deadlines). Read from the globals at
 * each call, so a test's fake timers (vi.useFakeTimers) drive them; unref'd, so a pending retry never keeps the
 * process alive.
 */
export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const systemTimers: Timers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Where the connections report (pino's shape: the app passes its logger). */
export interface McpLogger {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}
