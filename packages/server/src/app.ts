import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import cookie from '@fastify/cookie';
import type { AppDeps } from './app-deps';
import { createServices, type AppServices, type ServicesOptions } from './app-services';
import { APP_VERSION } from '@parley/shared';
import { collectApiRoutes, serveApiDocs } from './lib/api-docs';
import { closeIdleConnectionsWhileClosing } from './lib/close-idle-connections';
import { registerCrossSiteGuard } from './lib/cross-site';
import { setRouteCompilers } from './lib/api-routes';
import { registerErrorHandler } from './lib/error-handler';
import { processLogOutput } from './lib/log-output';
import { registerSecurityHeaders } from './lib/security-headers';
import { serverOptions } from './lib/server-options';
import { registerSpa } from './lib/spa';
import { healthRoutes } from './features/health/health.routes';
import { configRoutes } from './features/config/config.routes';
import { authRoutes } from './features/auth/auth.routes';
import { usersRoutes } from './features/users/users.routes';
import { socialLoginRoutes } from './features/oauth/social-login.routes';
import { endpointsRoutes } from './features/endpoints/endpoints.routes';
import { keysRoutes } from './features/keys/keys.routes';
import { presetsRoutes } from './features/presets/presets.routes';
import { clickRoutes } from './features/click/click.routes';
import { conversationsRoutes } from './features/conversations/conversations.routes';
import { messagesRoutes } from './features/messages/messages.routes';
import { searchRoutes } from './features/search/search.routes';
import { tokenizerRoutes } from './features/tokenizer/tokenizer.routes';
import { chatRoutes } from './features/chat/chat.routes';
import { filesRoutes } from './features/files/files.routes';
import { balanceRoutes } from './features/balance/balance.routes';
import { commerceRoutes } from './features/commerce/commerce.routes';
import { paymentRoutes } from './features/payments/payment.routes';
import { pluginsRoutes } from './features/plugins/plugins.routes';
import { assistantsRoutes } from './features/assistants/assistants.routes';
import { assistantChatRoutes } from './features/assistants/assistant-chat.routes';
import { assistantActionOAuthRoutes } from './features/assistants/assistant-action-oauth.routes';
import { shareRoutes } from './features/share/share.routes';
import { promptLibraryRoutes } from './features/prompt-library/prompt-library.routes';
import { importsRoutes } from './features/imports/imports.routes';
import { speechRoutes } from './features/speech/speech.routes';
import type { FileStorage } from './features/files/storage/file-storage';

export type { AppDeps } from './app-deps';

export interface BuildOptions {
  /** A file storage used instead of the configured one (tests: a storage that fails on purpose). */
  fileStorage?: FileStorage;
  /** Hooks into import jobs (tests: a failure in the middle of a file). */
  importHooks?: ServicesOptions['importHooks'];
  logger?: FastifyServerOptions['logger'];
  /**
   * Check every JSON answer against the route table's schema (lib/api-routes.ts): on in tests, so the table and
   * the API document cannot drift from what the server answers; off in production, where it would only cost.
   */
  checkResponses?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The services an app made by `buildApp` was built with (main.ts repairs files with the app's storage). Route
     * plugins receive them as an option instead; a bare Fastify instance (a unit test's) has none.
     */
    services: AppServices;
  }
}

/**
 * Builds the Fastify app from its dependencies; `main.ts` starts it, tests inject into it. The app's services
 * (app-services.ts) are made here, once, handed to every route plugin, and closed with the app.
 */
export async function buildApp(deps: AppDeps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Never waits for a log reader: lines that cannot be written are dropped and counted (lib/log-output.ts).
    logger: options.logger ?? { level: deps.config.logLevel, stream: processLogOutput() },
    bodyLimit: 1024 * 1024,
    ...serverOptions(deps.config),
  });
  const services = createServices(deps, {
    logError: (error, what) => app.log.error({ err: error }, what),
    logger: app.log,
    ...(options.fileStorage && { storage: options.fileStorage }),
    ...(options.importHooks && { importHooks: options.importHooks }),
  });
  // preClose, before Fastify waits for requests in flight: a streaming reply is one, and ends only when its job
  // stops. onClose then closes the rest (the job store, the storage's clients).
  app.addHook('preClose', () => services.stopJobs());
  app.addHook('onClose', () => services.close());
  closeIdleConnectionsWhileClosing(app);
  app.decorate('services', services);
  registerErrorHandler(app);
  setRouteCompilers(app, { checkResponses: options.checkResponses ?? false });
  const apiRoutes = collectApiRoutes(app);
  await app.register(cookie);
  await registerSecurityHeaders(app);
  registerCrossSiteGuard(app, deps.config);
  await app.register(healthRoutes, { deps, mcp: services.mcp });
  await app.register(configRoutes, { deps });
  await app.register(authRoutes, { deps, services });
  await app.register(usersRoutes, { deps, services });
  await app.register(socialLoginRoutes, { deps, services });
  for (const routes of [
    endpointsRoutes,
    keysRoutes,
    presetsRoutes,
    conversationsRoutes,
    messagesRoutes,
    searchRoutes,
    tokenizerRoutes,
    chatRoutes,
    filesRoutes,
    balanceRoutes,
    commerceRoutes,
    paymentRoutes,
    clickRoutes,
    pluginsRoutes,
    assistantsRoutes,
    assistantChatRoutes,
    assistantActionOAuthRoutes,
    shareRoutes,
    promptLibraryRoutes,
    importsRoutes,
    speechRoutes,
  ]) {
    await app.register(routes, { deps, services });
  }
  await serveApiDocs(app, apiRoutes, {
    ui: deps.config.apiDocsUi,
    version: APP_VERSION,
    webDistDir: deps.config.webDistDir,
  });
  await registerSpa(app, deps.config.webDistDir);
  return app;
}
