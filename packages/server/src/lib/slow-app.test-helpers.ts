import type { AddressInfo } from 'node:net';
import { buildApp } from '../app';
import { testConfig } from '../../test/app.test-helpers';
import type { TestDatabase } from '../../test/dialects.test-helpers';

/** The app, listening, with a `/slow` route that answers after 300 ms; `requestStarted` once one is in. */
export async function startSlowApp(database: TestDatabase) {
  const app = await buildApp({ config: testConfig(), database, redis: null });
  let started!: () => void;
  const requestStarted = new Promise<void>((resolve) => (started = resolve));
  app.get('/slow', async () => {
    started();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { done: true };
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { app, url: `http://127.0.0.1:${port}`, requestStarted };
}
