import type { ToolContext } from '../tool';

/** A run's context for a test: the given credentials, the real fetch for both kinds, progress kept for checks. */
export function testToolContext(
  auth: Record<string, string>,
  overrides: Partial<ToolContext> = {},
): ToolContext & { progressed: string[] } {
  const progressed: string[] = [];
  return {
    userId: 'user-1',
    signal: new AbortController().signal,
    auth,
    // The unit-test setup lets fetch reach only this machine, which is where the fake services listen.
    fetch: globalThis.fetch,
    guardedFetch: () => Promise.reject(new Error('a search tool must not use the guarded fetch')),
    progress: (message) => progressed.push(message),
    progressed,
    ...overrides,
  };
}
