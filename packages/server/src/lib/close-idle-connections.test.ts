import { afterEach, expect, it } from 'vitest';
import { startSlowApp } from './slow-app.test-helpers';
import { freshDatabase, type TestDatabase } from '../../test/dialects.test-helpers';

let database: TestDatabase | undefined;
afterEach(async () => database?.cleanup().catch(() => {}));

it("closes a keep-alive connection whose request finishes after the close began, without the keep-alive's 72 s", async () => {
  database = await freshDatabase('sqlite');
  const { app, url, requestStarted } = await startSlowApp(database);

  // fetch keeps its connection alive after the answer, so the connection goes idle only after the close began.
  const inFlight = fetch(`${url}/slow`);
  await requestStarted;
  const began = Date.now();
  await app.close();
  expect(Date.now() - began).toBeLessThan(3_000);
  const res = await inFlight;
  expect(await res.json()).toEqual({ done: true });
}, 10_000);
