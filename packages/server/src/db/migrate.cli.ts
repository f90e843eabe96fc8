import { loadConfig } from '../config/load-config';
import { processInput } from '../config/process-env';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';

/** `npm run migrate`: applies pending migrations to the configured database and says which. */
async function run(): Promise<void> {
  const { config } = loadConfig(processInput());
  const database = openDatabase(config.databaseUrl);
  try {
    const applied = await migrateToLatest(database);
    const where = database.dialect === 'postgres' ? 'PostgreSQL' : config.databaseUrl;
    if (applied.length === 0) process.stdout.write(`${where}: already up to date\n`);
    for (const name of applied) process.stdout.write(`${where}: applied ${name}\n`);
  } finally {
    await database.destroy();
  }
}

run().catch((error: unknown) => {
  process.stderr.write(`Migration failed: ${(error as Error).message ?? String(error)}\n`);
  process.exit(1);
});
