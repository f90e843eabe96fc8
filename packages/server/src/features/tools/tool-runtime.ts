import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../app-deps';
import { createGuardedFetch } from '../../lib/outbound/guarded-fetch';
import type { AppStorage } from '../files/storage/storage-for-app';
import type { StorePlugin } from '../plugins/store-catalogue';
import type { ToolContext } from './tool';
import { createToolFileSaver } from './tool-files';
import type { ToolRegistry } from './tool-registry';

/** What a reply needs to run tools (docs/reference/tools.md (The tool interface)): made once per app. */
export interface ToolRuntime {
  registry: ToolRegistry;
  /** The store's plugins beside the built-in catalogue (the MCP tools), for their names and credentials. */
  extraPlugins(): readonly StorePlugin[];
  /** The configured MCP server a tool key names while that server is not connected (its tools cannot run now). */
  offlineMcpServer(key: string): string | undefined;
  /** The context of one tool call made for a user, with that plugin's credentials. */
  contextFor(
    userId: string,
    credentials: Pick<ToolContext, 'auth' | 'userGiven'>,
    signal: AbortSignal,
    progress?: (message: string) => void,
  ): ToolContext;
}

export function createToolRuntime(options: {
  deps: AppDeps;
  registry: ToolRegistry;
  extraPlugins: () => readonly StorePlugin[];
  offlineMcpServer: (key: string) => string | undefined;
  files: Pick<AppStorage, 'storage' | 'storageForSource'>;
  log: FastifyBaseLogger;
}): ToolRuntime {
  const { deps, files, log } = options;
  // One guard for every tool call of the app: URLs a user or a model chose reach only public addresses, or the
  // ranges the operator opened to user-given URLs.
  const guardedFetch = createGuardedFetch({ allowedRanges: deps.config.network.userURLAllowedRanges });
  return {
    registry: options.registry,
    extraPlugins: options.extraPlugins,
    offlineMcpServer: options.offlineMcpServer,
    contextFor: (userId, { auth, userGiven }, signal, progress = () => {}) => ({
      userId,
      signal,
      auth,
      userGiven,
      guardedFetch,
      fetch: globalThis.fetch,
      progress,
      saveFile: async (file) => {
        const ctx = { deps, storage: await files.storage(), storageForSource: files.storageForSource, log };
        return createToolFileSaver(ctx, userId, { signal })(file);
      },
    }),
  };
}
