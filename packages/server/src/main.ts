import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { buildApp, type AppDeps } from './app';
import type { AppServices } from './app-services';
import { ConfigError } from './config/config-error';
import { loadConfig } from './config/load-config';
import { processInput } from './config/process-env';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { repairUnfinishedFiles, scheduleFileRepair } from './features/files/repair.service';
import { limitHeapGrowth } from './lib/heap-growth';
import { startIdleGc } from './lib/idle-gc';
import { installGracefulShutdown, type Closer } from './lib/shutdown';

const REDIS_CONNECT_TIMEOUT_MS = 5_000;

/** A failure whose message says it all; anything else also gets its stack printed. */
class StartError extends Error {}

/** Starts Parley: config first and alone, so a bad setting stops it before anything is opened or written. */
async function main(): Promise<void> {
  const { config, notices } = loadConfig(processInput());
  // A full collection before the old space is far above the live heap: the peak under load stays low.
  limitHeapGrowth(config.heapGrowingPercent);
  // Redis first: it is the check most likely to fail and it leaves nothing behind on disk.
  const redis = config.redisUrl ? await connectRedis(config.redisUrl) : null;
  const database = openDatabase(config.databaseUrl);
  const closers: Closer[] = [() => database.destroy()];
  if (redis) closers.push(() => redis.quit());
  try {
    const applied = await migrateToLatest(database);
    const deps = { config, database, redis };
    const app = await buildApp(deps);
    for (const notice of notices) app.log.warn(notice);
    if (config.configFile) app.log.info(`configuration file: ${config.configFile}`);
    app.log.info(
      applied.length ? `applied migrations: ${applied.join(', ')}` : 'database schema is up to date',
    );
    await repairFiles(deps, app.services, app.log);
    // Stop the repair timer before the database closes (the app's close has closed its storage).
    closers.unshift(scheduleFileRepair(deps, app.services, app.log));
    const address = await app.listen({ host: config.host, port: config.port });
    // Gives back the memory a burst of replies left behind once the server is idle (lib/idle-gc.ts).
    closers.unshift(startIdleGc());
    installGracefulShutdown(app, closers);
    // Only now: a supervisor (or a test) that stops the server as soon as it reads this line must find the stop
    // handlers in place; before them, SIGTERM's default action kills the process with no clean stop.
    app.log.info(`Parley is listening at ${address}`);
  } catch (error) {
    for (const close of closers) await Promise.resolve(close()).catch(() => {});
    throw error;
  }
}

/** Finishes uploads and deletes a crash interrupted; a failure (storage unreachable) is logged, not fatal. */
async function repairFiles(deps: AppDeps, services: AppServices, log: FastifyBaseLogger): Promise<void> {
  try {
    const { files, temporary } = await repairUnfinishedFiles(deps, services, { log });
    log.info(`file repair: ${files} unfinished file(s) and ${temporary} temporary file(s) removed`);
  } catch (err) {
    log.warn({ err }, 'file repair failed at start; it runs again every five minutes');
  }
}

async function connectRedis(url: string): Promise<Redis> {
  // Loaded only when configured: a server without Redis never pays for the client (about 20 MB).
  const { Redis } = await import('ioredis');
  // No retries while starting: an unreachable Redis should stop the start with a message, not hang it.
  const redis = new Redis(url, { lazyConnect: true, retryStrategy: () => null, maxRetriesPerRequest: 2 });
  let lastError: Error | undefined;
  redis.on('error', (error: Error) => (lastError = error)); // reported through the rejected connect below
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`no answer within ${REDIS_CONNECT_TIMEOUT_MS} ms`)),
      REDIS_CONNECT_TIMEOUT_MS,
    );
  });
  try {
    await Promise.race([redis.connect(), timeout]);
  } catch (error) {
    redis.disconnect();
    const reason = (lastError ?? (error as Error)).message;
    throw new StartError(`cannot connect to Redis at ${redact(url)}: ${reason}`);
  } finally {
    clearTimeout(timer);
  }
  // Once running, reconnect as usual so a Redis restart does not take the server down.
  redis.options.retryStrategy = (times) => Math.min(times * 200, 2_000);
  // While it is down, commands fail at once (a 503 to the request, the job store's memory for live replies)
  // instead of queueing until the reconnect attempts run out.
  redis.options.enableOfflineQueue = false;
  return redis;
}

function redact(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

main().catch((error: unknown) => {
  const known = error instanceof ConfigError || error instanceof StartError;
  process.stderr.write(`Parley cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
  if (!known && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
