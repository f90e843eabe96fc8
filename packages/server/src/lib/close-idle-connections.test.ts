import { afterEach, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../app';
import { testConfig } from '../../test/app.test-helpers';
import { freshDatabase, type TestDatabase } from '../../test/dialects.test-helpers';

let database: TestDatabase | undefined;
afterEach(async () => database?.cleanup().catch(() => {}));

it("closes a keep-alive connection whose request finishes after the close began, without the keep-alive's 72 s", async () => {
  database = await freshDatabase('sqlite');
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

  // fetch keeps its connection alive after the answer, so the connection goes idle only after the close began.
  const inFlight = fetch(`http://127.0.0.1:${port}/slow`);
  await requestStarted;
  const began = Date.now();
  await app.close();
  expect(Date.now() - began).toBeLessThan(3_000);
  const res = await inFlight;
  expect(await res.json()).toEqual({ done: true });
}, 10_000);
