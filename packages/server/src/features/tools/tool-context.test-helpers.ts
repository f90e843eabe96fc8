import { createGuardedFetch } from '../../lib/outbound/guarded-fetch';
import type { ToolContext } from './tool';

/** A tool context for tests, with what the tool told the reply kept in `progressed`. */
export interface TestToolContext extends ToolContext {
  progressed: string[];
}

/**
 * A run's context as the runtime would give it. By default the guarded fetch is the real, default guard (loopback
 * refused); a test that serves pages on 127.0.0.1 passes one made with `allowedRanges`.
 */
export function testToolContext(overrides: Partial<ToolContext> = {}): TestToolContext {
  const progressed: string[] = [];
  return {
    userId: 'user-1',
    signal: new AbortController().signal,
    auth: {},
    userGiven: new Set(),
    fetch: globalThis.fetch,
    guardedFetch: createGuardedFetch(),
    progress: (message) => progressed.push(message),
    saveFile: () => Promise.reject(new Error('this test gives the tool no file storage')),
    ...overrides,
    progressed,
  };
}
