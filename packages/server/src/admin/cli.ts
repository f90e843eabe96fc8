import { userInfo } from 'node:os';
import { loadConfig } from '../config/load-config';
import { processInput } from '../config/process-env';
import { openDatabase } from '../db/database';
import { runAdmin } from './run-admin';

/**
 * `npm run admin -- <command>` (docs/reference/commerce.md (Operator command line)): opens the configured database
 * as the server and `npm run migrate` do, runs one command, and exits with its code.
 */
async function main(): Promise<number> {
  const { config } = loadConfig(processInput());
  const database = openDatabase(config.databaseUrl);
  try {
    return await runAdmin(
      process.argv.slice(2),
      { db: database.db, config, operator: userInfo().username },
      {
        out: (line) => process.stdout.write(`${line}\n`),
        err: (line) => process.stderr.write(`${line}\n`),
      },
    );
  } finally {
    await database.destroy();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`admin failed: ${(error as Error).message ?? String(error)}\n`);
    process.exitCode = 1;
  },
);
