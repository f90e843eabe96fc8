import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTestApp, testConfig, type TestApp } from '../test/app.test-helpers';
import { freshDatabase, type TestDatabase } from '../test/dialects.test-helpers';
import { newConversation, newMessage, newUser } from '../test/factories.test-helpers';
import { buildApp, type AppDeps } from './app';
import { createServices, type AppServices } from './app-services';
import type { FileStorage } from './features/files/storage/file-storage';
import { getMessage } from './features/messages/messages.repository';

/** A storage that stores nothing and counts its closes. */
function fakeStorage(): FileStorage & { close: ReturnType<typeof vi.fn> } {
  return {
    source: 'local',
    put: async () => ({ bytes: 0 }),
    get: async () => null,
    delete: async () => {},
    close: vi.fn(async () => {}),
  };
}

describe('app services', () => {
  const apps: TestApp[] = [];
  const databases: TestDatabase[] = [];
  afterEach(async () => {
    for (const t of apps.splice(0)) await t.close();
    for (const database of databases.splice(0)) await database.cleanup();
  });

  async function testDeps(): Promise<AppDeps> {
    const database = await freshDatabase('sqlite');
    databases.push(database);
    return { config: testConfig(), database, redis: null };
  }

  it('gives two apps built from two deps two separate sets of services', async () => {
    const a = await buildTestApp('sqlite');
    const b = await buildTestApp('sqlite');
    apps.push(a, b);
    const [mine, theirs] = [a.app.services, b.app.services];
    expect(mine).not.toBe(theirs);
    for (const name of [
      'registry',
      'tokenCache',
      'messageLimits',
      'uploadLimiters',
      'partialSaves',
      'chat',
    ] as const) {
      expect(mine[name], name).not.toBe(theirs[name]);
    }
    expect(await mine.storage()).not.toBe(await theirs.storage());
    // A token checked by one app's guard is in that app's cache only.
    const me = await newUser(a.app);
    expect(
      (await a.app.inject({ url: '/api/user', headers: { authorization: `Bearer ${me.token}` } })).statusCode,
    ).toBe(200);
    expect(mine.tokenCache.get(me.token)).toBeDefined();
    expect(theirs.tokenCache.get(me.token)).toBeUndefined();
  });

  it('makes a new set on every call, even from one deps: nothing is cached at module level', async () => {
    const deps = await testDeps();
    const [one, two] = [createServices(deps), createServices(deps)];
    expect(one.registry).not.toBe(two.registry);
    expect(one.messageLimits).not.toBe(two.messageLimits);
    expect(await one.storage()).not.toBe(await two.storage());
    // One set is shared inside: the chat works with the app's registry, limits, storage and partial saves.
    expect(one.chat.registry).toBe(one.registry);
    expect(one.chat.messageLimits).toBe(one.messageLimits);
    expect(one.chat.partialSaves).toBe(one.partialSaves);
    expect(await one.chat.storage()).toBe(await one.storage());
    await Promise.all([one.close(), two.close()]);
  });

  it('makes the storage on first use, and close() closes what was opened', async () => {
    const t = await buildTestApp('sqlite');
    apps.push(t);
    const deps: AppDeps = { config: testConfig(), database: t.database, redis: null };
    const storage = fakeStorage();
    const services = createServices(deps, { storage });
    const closeJobs = vi.spyOn(services.chat.jobs, 'close');
    expect(await services.storage()).toBe(storage);
    expect(await services.storageForSource('local')).toBe(storage);
    expect(await services.storageForSource('s3')).toBeNull();

    // A partial reply waiting for its batch is written when the services close, not lost.
    const { db } = deps.database;
    const userId = (await newUser(t.app)).user.id;
    const convo = await newConversation(db, userId);
    const reply = await newMessage(db, userId, convo, { byUser: false });
    services.partialSaves.touch(userId, reply.message_id, () => 'written at close');
    await services.close();

    expect(storage.close).toHaveBeenCalledTimes(1);
    expect(closeJobs).toHaveBeenCalledTimes(1);
    expect((await getMessage(db, userId, reply.message_id))?.text).toBe('written at close');
  });

  it('closes with nothing made when nothing was used', async () => {
    const services: AppServices = createServices(await testDeps());
    await expect(services.close()).resolves.toBeUndefined();
  });

  it('is closed by the app: the jobs stopped first (preClose), the rest on close', async () => {
    const deps = await testDeps();
    const storage = fakeStorage();
    const app = await buildApp(deps, { fileStorage: storage });
    const { services } = app;
    const order: string[] = [];
    vi.spyOn(services, 'stopJobs').mockImplementation(async () => void order.push('stopJobs'));
    const close = services.close.bind(services);
    vi.spyOn(services, 'close').mockImplementation(async () => (order.push('close'), close()));
    await services.storage();
    await app.close();
    expect(order).toEqual(['stopJobs', 'close']);
    expect(storage.close).toHaveBeenCalledTimes(1);
  });
});

describe('per-app state', () => {
  it('lives in app-services.ts, never in a module-level WeakMap of the server', () => {
    const src = import.meta.dirname;
    const offenders = sourceFiles(src)
      .filter((file) => !file.endsWith('.test.ts'))
      .filter((file) => /new WeakMap\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(src, file));
    expect(offenders).toEqual([]);
  });
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}
