import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { API, type AuthResult } from '@parley/shared';
import { startServer, type ServerProcess } from './server-process';

const pgUrl = process.env.TEST_DATABASE_URL;

/**
 * The balance's daily jobs across two server processes on one PostgreSQL schema
 * (docs/reference/balance.md (Daily jobs)): each process checks every 30 s whether the day's jobs are due, and the
 * claim row lets exactly one run each job. A user with a negative balance is restored once, and each job's day is claimed once, by one process.
 */
describe.skipIf(!pgUrl)('daily balance jobs across two server processes', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const sql = async <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: pgUrl });
    await client.connect();
    try {
      await client.query(`SET search_path TO ${schema}`);
      return (await client.query<T>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  let a: ServerProcess;
  let b: ServerProcess;
  let userId: string;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE SCHEMA ${schema}`);
    await admin.end();
    const shared = {
      DATABASE_URL: `${pgUrl}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
      CREDS_KEY: randomBytes(32).toString('hex'),
      CREDS_IV: randomBytes(16).toString('hex'),
      CHECK_BALANCE: 'true',
      // UTC's 00:01 has passed whenever the test runs after it (all but the first minute of a day).
      BALANCE_TIME_ZONE: 'UTC',
      REGISTER_MAX: '100000',
    };
    a = await startServer(shared);
    // A user in debt, written before either process's first check (30 s after its start).
    const password = 'a long and unusual password';
    const reg = await fetch(`${a.baseUrl}${API.register}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'In Debt',
        email: 'debt@example.com',
        password,
        confirm_password: password,
      }),
    });
    expect(reg.status).toBe(201);
    userId = ((await reg.json()) as AuthResult).user.id;
    await sql(`UPDATE balances SET credits = -50000, gpt3_uses = 0, gpt4_uses = 0 WHERE user_id = $1`, [
      userId,
    ]);
    await sql(
      `INSERT INTO ledger_entries (id, user_id, kind, credits, gpt3_uses, gpt4_uses, reason, created_at)
       SELECT 'debt', $1, 'adjust', -50000 - credits_before, -gpt3_before, -gpt4_before, 'test debt', now()::text
       FROM (SELECT COALESCE(SUM(credits), 0) AS credits_before, COALESCE(SUM(gpt3_uses), 0) AS gpt3_before,
                    COALESCE(SUM(gpt4_uses), 0) AS gpt4_before
             FROM ledger_entries WHERE user_id = $1) AS sums`,
      [userId],
    );
    b = await startServer(shared);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await admin.end();
  });

  it('runs each job of the day once, in one process, and restores the user once', async () => {
    const runs = () =>
      sql<{ run_key: string; instance_id: string }>(`SELECT run_key, instance_id FROM balance_daily_runs`);
    // Both processes check 30 s after their start, B (started last) a moment after A: wait for the two claims and
    // for B's check to have happened too, so both processes have tried.
    const begun = Date.now();
    while ((await runs()).length < 3 || Date.now() - begun < 35_000) {
      if (Date.now() - begun > 90_000) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const day = new Date().toISOString().slice(0, 10);
    const claimed = await runs();
    expect(claimed.map((r) => r.run_key).sort()).toEqual([
      `card-gpt4-reset:${day}`,
      `close-stale-orders:${day}`,
      `negative-restore:${day}`,
    ]);
    const restores = await sql<{ reason: string }>(
      `SELECT reason FROM ledger_entries WHERE user_id = $1 AND kind = 'daily'`,
      [userId],
    );
    expect(restores).toEqual([{ reason: `daily restore ${day}` }]);
    const [balance] = await sql<{ credits: string; gpt3_uses: number; gpt4_uses: number }>(
      `SELECT credits, gpt3_uses, gpt4_uses FROM balances WHERE user_id = $1`,
      [userId],
    );
    // The default restore: 0.1 credit added, free uses raised to 10 and 3.
    expect({ ...balance, credits: Number(balance!.credits) }).toEqual({
      credits: -40000,
      gpt3_uses: 10,
      gpt4_uses: 3,
    });
  }, 120_000);
});
