import type { Browser } from 'playwright-core';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { startLocalProvider, type LocalProvider } from '@parley/server/action-oauth-testing';
import { launchBrowser } from './browser.test-helpers';
import { assistantsServerEnv } from './assistants.test-helpers';
import { startActionSite, type ActionSite } from './assistants-chat.test-helpers';

/** What the assistant chat spec runs against: a browser, the server, an action's site and an OAuth provider. */
export interface AssistantChatStand {
  browser: Browser;
  server: ServerProcess;
  site: ActionSite;
  provider: LocalProvider;
  close: () => Promise<void>;
}

export async function startAssistantChatStand(simUrl: string): Promise<AssistantChatStand> {
  const browser = await launchBrowser();
  const site = await startActionSite();
  const provider = await startLocalProvider('post');
  // The actions' site and the OAuth provider are on this machine, which the guard allows only when the operator says
  // so. The provider sends the browser back to DOMAIN_SERVER, the server's own address.
  const server = await startServer({
    ...assistantsServerEnv(simUrl),
    USER_URL_ALLOWED_RANGES: '127.0.0.1/32',
  });
  return {
    browser,
    server,
    site,
    provider,
    close: async () => {
      await browser.close();
      await server.stop();
      await site.close();
      await provider.close();
    },
  };
}
