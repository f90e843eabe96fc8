import { join } from 'node:path';
import type { AppDeps } from '../../app-deps';
import { createGuardedFetch } from '../../lib/outbound/guarded-fetch';
import { createSandboxPool } from '../code-interpreter/sandbox-pool';
import type { AssistantRuntime } from './assistant-turn-tools';

export type { AssistantRuntime } from './assistant-turn-tools';

/**
 * What assistants' tools run on, made once per app: the Python sandboxes (none start before the first run, and none
 * exist while the endpoint or its code interpreter is off) and the guard every action call goes through.
 */
export function createAssistantRuntime(
  deps: AppDeps,
  logError: (error: unknown, what: string) => void,
): AssistantRuntime & { close(): Promise<void> } {
  const settings = deps.config.assistants;
  const sandboxes =
    settings?.capabilities.includes('code_interpreter') === true
      ? createSandboxPool({
          size: settings.codeInterpreter.poolSize,
          maxSandboxes: settings.codeInterpreter.maxSandboxes,
          idleMs: settings.codeInterpreter.idleMs,
          cacheDir: join(deps.config.dataDir, 'cache', 'python'),
          onError: (error) => logError(error, 'code interpreter sandbox'),
        })
      : null;
  return {
    sandboxes,
    guardedFetch: createGuardedFetch({ allowedRanges: deps.config.network.userURLAllowedRanges }),
    close: async () => sandboxes?.close(),
  };
}
