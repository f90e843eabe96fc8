import { randomBytes } from 'node:crypto';
import type { DialectName } from '../../packages/server/src/db/database';
import { registerOverHttp } from '../../packages/server/test/http-user.test-helpers';
import { startServer } from '@parley/server/testing';
import { PG_URL, dropSchema, pgAdmin } from './databases';
import type { ChatBenchApp } from './chat-app';

// The server as production runs it, in a child process of its own (so its CPU and memory are read from /proc,
// apart from the bench's clients): the compiled build (`BENCH_TSX=1` runs main.ts through tsx instead), OpenAI
// pointed at the bench upstream, message limits off, SQLite in a temp folder or a fresh PostgreSQL schema.

export interface ChatServer extends ChatBenchApp {
  pid: number;
}

export async function startChatServer(
  dialect: DialectName,
  upstreamUrl: string,
  label: string,
  extraEnv: Record<string, string> = {},
  /** Another build's compiled main.js (the code before a change), instead of this checkout's. */
  main?: string,
): Promise<ChatServer> {
  const schema = `bench_${label.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const env: Record<string, string> = { ...benchServerEnv(upstreamUrl), ...extraEnv };
  if (dialect === 'postgres') {
    await pgAdmin((c) => c.query(`CREATE SCHEMA ${schema}`));
    env.DATABASE_URL = `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  }
  const dropIt = async () => {
    if (dialect === 'postgres') await dropSchema(schema);
  };
  try {
    const server = await startServer(env, {
      compiled: process.env.BENCH_TSX !== '1',
      ...(main ? { main } : {}),
    });
    try {
      const token = await registerOverHttp(server.baseUrl, 'bench');
      return {
        base: server.baseUrl,
        token,
        pid: server.pid,
        close: async () => {
          await server.stop();
          await dropIt();
        },
      };
    } catch (error) {
      await server.stop();
      throw error;
    }
  } catch (error) {
    await dropIt();
    throw error;
  }
}

/** `BENCH_REDIS_URL`, when set, puts a bench server's job store in Redis, as several instances need it. */
export function benchRedisEnv(): Record<string, string> {
  const url = process.env.BENCH_REDIS_URL;
  return url ? { REDIS_URL: url } : {};
}

/**
 * The environment of a bench server: OpenAI pointed at the bench upstream, message and sign-up limits off, and
 * secrets given, so the server does not generate them (and log a warning into the results). Several instances
 * started with one result share the secrets, so a token one signs is accepted by the others.
 */
export function benchServerEnv(upstreamUrl: string): Record<string, string> {
  return {
    OPENAI_API_KEY: 'sk-bench',
    OPENAI_REVERSE_PROXY: `${upstreamUrl}/v1`,
    LIMIT_CONCURRENT_MESSAGES: 'false',
    LIMIT_MESSAGE_IP: 'false',
    LIMIT_MESSAGE_USER: 'false',
    LOGIN_MAX: '100000',
    REGISTER_MAX: '100000',
    JWT_SECRET: randomBytes(32).toString('hex'),
    JWT_REFRESH_SECRET: randomBytes(32).toString('hex'),
    CREDS_KEY: randomBytes(32).toString('hex'),
    CREDS_IV: randomBytes(16).toString('hex'),
    // e.g. BENCH_SERVER_NODE_OPTIONS="--import /abs/path/profiler.mjs" profiles the server.
    ...(process.env.BENCH_SERVER_NODE_OPTIONS ? { NODE_OPTIONS: process.env.BENCH_SERVER_NODE_OPTIONS } : {}),
  };
}
