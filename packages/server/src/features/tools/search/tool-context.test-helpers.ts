import type { ToolContext } from '../tool';
import { testToolContext as baseContext, type TestToolContext } from '../tool-context.test-helpers';

/** A run's context for a search tool's test: its credentials, and a guarded fetch that fails the test if used. */
export function testToolContext(
  auth: Record<string, string>,
  overrides: Partial<ToolContext> = {},
): TestToolContext {
  return baseContext({
    auth,
    // The unit-test setup lets fetch reach only this machine, which is where the fake services listen.
    guardedFetch: () => Promise.reject(new Error('a search tool must not use the guarded fetch')),
    ...overrides,
  });
}
