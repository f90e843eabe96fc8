import { randomUUID } from 'node:crypto';
import type { AppDeps } from './app-deps';
import { VerifiedTokenCache } from './features/auth/verified-token-cache';
import { createChatContext, type ChatContext } from './features/chat/chat-context';
import { createPartialSaves, type PartialSaves } from './features/chat/partial-saves';
import type { FileStorage } from './features/files/storage/file-storage';
import { createAppStorage, type AppStorage } from './features/files/storage/storage-for-app';
import { createUploadLimiters, type UploadLimiters } from './features/files/upload-limits';
import { createViolations, type Violations } from './features/bans/violations';
import { createLimitStores, type LimitStores } from './features/limits/limit-stores';
import { createProviderRegistry, type ProviderRegistry } from './providers/registry';
import { startDailyScheduler, type DailyScheduler } from './features/balance/daily-scheduler';
import { createPaymentLoader, type PaymentLoader } from './features/payments/load-provider';
import type { StorePlugin } from './features/plugins/store-catalogue';
import { mcpStorePlugins } from './features/plugins/mcp-plugins';
import { createToolRegistry, type ToolRegistry } from './features/tools/tool-registry';
import { assistantUploads } from './features/assistants/knowledge-uploads';
import { createAssistantRuntime, type AssistantRuntime } from './features/assistants/assistant-runtime';
import type { AssistantUploads } from './features/files/upload.service';
import { createToolRuntime } from './features/tools/tool-runtime';
import { startExpiryRunner } from './features/conversations/temporary-chats';
import { createImportRuntime, type ImportRuntime } from './features/imports/import-runtime';
import type { ImportJobOptions } from './features/imports/import-job';
import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';
import { createMcpManager, type McpManager } from './features/tools/mcp/mcp-manager';
import type { McpLogger } from './features/tools/mcp/timers';

/**
 * Everything one app shares between its routes and calls, made once by `createServices` when the app is built
 * (app.ts) and closed with it. Nothing of the kind lives at module level: two apps, two sets.
 */
export interface AppServices {
  /** The configured providers and their model-list cache. */
  registry: ProviderRegistry;
  /** Access tokens whose signature was checked (the auth guard's cache). */
  tokenCache: VerifiedTokenCache;
  /** Violation scores and IP bans (docs/reference/accounts.md (Bans)). */
  violations: Violations;
  /** The message limits' windows and concurrent-message slots. */
  messageLimits: LimitStores;
  /** The upload limits' windows. */
  uploadLimiters: UploadLimiters;
  /** The configured file storage, made on first use (the S3 SDK is loaded only then). */
  storage: AppStorage['storage'];
  /** The storage of a file row's `source`: storage-for-app.ts. */
  storageForSource: AppStorage['storageForSource'];
  /** The batched partial writes of streaming replies. */
  partialSaves: PartialSaves;
  /** The chat's jobs, providers and background work. */
  chat: ChatContext;
  /** The balance's daily jobs at 00:01 (features/balance/daily-scheduler.ts); null while CHECK_BALANCE is off. */
  dailyJobs: DailyScheduler | null;
  /** The payment provider, loaded on first use (features/payments/load-provider.ts); null without one. */
  payments: PaymentLoader;
  /** Plugins the store offers beside the built-in catalogue: the connected MCP servers' tools. */
  extraPlugins(): readonly StorePlugin[];
  /** The configured MCP servers and their tools (docs/reference/tools.md (MCP servers)). */
  mcp: McpManager;
  /** Every tool a reply may call, built-in and MCP, by key (features/tools/tool-registry.ts). */
  tools: ToolRegistry;
  /** What uploads to the assistants endpoint check and do (features/assistants/knowledge-uploads.ts). */
  assistantUploads: AssistantUploads;
  /** What assistants' tools run on: the Python sandboxes and the actions' guarded fetch. */
  assistantRuntime: AssistantRuntime;
  /** The background reading of conversation imports (features/imports/import-runtime.ts). */
  imports: ImportRuntime;
  /**
   * Stops the chat's jobs and waits for its background work. Run when the app starts closing (Fastify's preClose),
   * before the requests in flight are waited for: a streaming reply is one, and ends only when its job stops.
   */
  stopJobs(): Promise<void>;
  /**
   * Closes what the services opened: the chat's jobs and job store, the pending partial writes, the storage, the
   * MCP servers' connections and processes.
   */
  close(): Promise<void>;
}

/** What route plugins receive (app.ts). */
export interface AppPluginOptions {
  deps: AppDeps;
  services: AppServices;
}

export interface ServicesOptions {
  /** Failures that have no one else to tell (a background title, a failed partial write). */
  logError?: (error: unknown, what: string) => void;
  /** A storage used instead of the configured one (tests: a storage that fails on purpose). */
  storage?: FileStorage;
  /** This instance's name in job metadata; a random one by default. */
  instanceId?: string;
  /** The app's logger: the MCP servers' state changes, a tool's failed file save; nowhere by default. */
  logger?: FastifyBaseLogger;
  /** Hooks into import jobs (tests: a failure in the middle of a file). */
  importHooks?: Pick<ImportJobOptions, 'beforeWrite'>;
}

/**
 * Makes the app's services from its dependencies. Nothing is opened but in-memory state until first use, except
 * the configured MCP servers, which start connecting in the background (the start never waits for them).
 */
export function createServices(deps: AppDeps, options: ServicesOptions = {}): AppServices {
  const logError = options.logError ?? (() => {});
  const registry = createProviderRegistry(deps.config);
  const messageLimits = createLimitStores(deps);
  const files = createAppStorage(deps, options.storage);
  const partialSaves = createPartialSaves(deps.database.db, logError);
  const instanceId = options.instanceId ?? randomUUID();
  const mcp = createMcpManager(deps.config.yaml?.mcpServers, { logger: options.logger ?? silentLogger });
  const tools = createToolRegistry(deps.config.tools, mcp);
  const extraPlugins = () => mcpStorePlugins(mcp.tools());
  const toolRuntime = createToolRuntime({
    deps,
    registry: tools,
    extraPlugins,
    offlineMcpServer: (key) => mcp.offlineServerOf(key),
    files,
    log: options.logger ?? silentFastifyLogger,
  });
  const chat = createChatContext(
    deps,
    { registry, messageLimits, storage: files.storage, partialSaves, tools: toolRuntime },
    instanceId,
    logError,
  );
  const dailyJobs = startDailyScheduler(deps, instanceId, logError);
  const assistantRuntime = createAssistantRuntime(deps, files, logError);
  // Deletes temporary chats once their time is up (docs/reference/conversations.md (Temporary chats)).
  const expiry = startExpiryRunner(deps.database.db, logError);
  const imports = createImportRuntime(deps, files, logError, options.importHooks);
  return {
    registry,
    tokenCache: new VerifiedTokenCache(),
    // A ban stops the user's running replies on this instance at once; other instances see it within BAN_CHECK_MS.
    violations: createViolations(deps, () =>
      chat.stopBannedUsersJobs().catch((error: unknown) => logError(error, 'stopping a banned user')),
    ),
    messageLimits,
    uploadLimiters: createUploadLimiters(deps),
    storage: files.storage,
    storageForSource: files.storageForSource,
    partialSaves,
    chat,
    dailyJobs,
    payments: createPaymentLoader(deps.config),
    extraPlugins,
    mcp,
    tools,
    assistantUploads: assistantUploads({ deps, registry, tools }, (userId, fileId) =>
      assistantRuntime.queueKnowledge(userId, fileId),
    ),
    assistantRuntime,
    imports,
    stopJobs: () => chat.stopJobs(),
    async close() {
      // The jobs first: their final writes come after the partial ones, and may read files. A failure does not
      // keep the rest open.
      try {
        await expiry.stop({ abort: true });
        await dailyJobs?.stop();
        await imports.close();
        await chat.close();
      } finally {
        try {
          await partialSaves.close();
        } finally {
          await Promise.all([files.close(), mcp.close(), assistantRuntime.close()]);
        }
      }
    },
  };
}

/** A logger that writes nothing: a test's services, where the app gives none. */
const silentFastifyLogger: FastifyBaseLogger = pino({ enabled: false });
const silentLogger: McpLogger = silentFastifyLogger;
