import { startSim, type Sim } from '@parley/sim';
import { afterAll, beforeAll } from 'vitest';
import { newUser } from '../factories.test-helpers';
import { startChatApp, type ChatApp, type SimLike } from '../../src/features/chat/chat.test-helpers';
import type { DialectName } from '../../src/db/database';
import { ClientHttpError, LibreChatClient } from './client.test-helpers';

/** A LibreChat client signed in to a listening test app: as the app's own user, or as a new one. */
export async function signedInClient(app: ChatApp, as: 'owner' | 'new user' = 'owner') {
  const client = new LibreChatClient(app.base);
  if (as === 'owner') {
    client.token = app.token;
  } else {
    const user = await newUser(app.app);
    client.token = user.token;
    client.cookie = user.cookie;
  }
  return client;
}

/** The status (and body) a call is refused with; throws if the call succeeds. */
export async function refusal(call: Promise<unknown>): Promise<ClientHttpError> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ClientHttpError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

/**
 * The simulated providers of a conformance file (rate 0: replies as fast as they can be sent), started before its
 * tests and closed after them. Call at the file's top level; read `url` (or `sim`) inside hooks and tests.
 */
export function useSimulator(): { readonly url: string; readonly sim: Sim } {
  let simulator: Sim | undefined;
  beforeAll(async () => {
    simulator = await startSim({ defaults: { rate: 0 } });
  });
  afterAll(() => simulator?.close());
  const started = () => {
    if (!simulator) throw new Error('the simulator starts in beforeAll');
    return simulator;
  };
  return {
    get url() {
      return started().url;
    },
    get sim() {
      return started();
    },
  };
}

/** A listening chat app with the simulator as every provider, and a LibreChat client signed in to it. */
export async function clientApp(
  dialect: DialectName,
  simulator: SimLike,
  options: { as?: 'owner' | 'new user'; app?: Parameters<typeof startChatApp>[2] } = {},
): Promise<{ app: ChatApp; client: LibreChatClient }> {
  const app = await startChatApp(dialect, simulator, options.app);
  return { app, client: await signedInClient(app, options.as) };
}
