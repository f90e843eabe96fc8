import { randomBytes } from 'node:crypto';
import net from 'node:net';
import type { DialectName } from '../packages/server/src/db/database';
import { startServer, type ServerProcess } from '@parley/server/testing';
import { driveStreams, startStampingUpstream } from './concurrent-streams';
import { registerOverHttp } from '../packages/server/test/http-user.test-helpers';
import { benchServerEnv } from './lib/chat-server';
import { PG_URL, dropSchema, pgAdmin } from './lib/databases';
import type { BenchResult } from './lib/stats';

// The issue's fallback for the 1,000-stream budget: one process on this machine meets the delay budgets up to
// ~150 streams, so two compiled instances share one PostgreSQL schema and one Redis behind a round-robin TCP
// balancer, and take twice that. PostgreSQL only: two processes cannot share a SQLite file's writer.

const REDIS_URL = 'redis://127.0.0.1:6379';

interface Balancer {
  url: string;
  /** Client connections handed to each backend, in backend order. */
  connections: number[];
  close(): Promise<void>;
}

/**
 * A round-robin TCP balancer: each accepted connection is piped to the next backend. No HTTP parsing, so it
 * costs the bench process little; a keep-alive connection stays on its backend, as behind a TCP load balancer.
 */
async function startBalancer(backends: URL[]): Promise<Balancer> {
  const connections = backends.map(() => 0);
  const sockets = new Set<net.Socket>();
  let next = 0;
  const server = net.createServer((client) => {
    const index = next++ % backends.length;
    connections[index]! += 1;
    const target = backends[index]!;
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const socket of [client, upstream]) {
      socket.setNoDelay(true); // tokens are small writes: Nagle would hold them back
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    connections,
    close: () =>
      new Promise((done) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => done());
      }),
  };
}

/** Two compiled servers, one schema, one Redis, the same secrets (a token from one is good on the other). */
export async function concurrentStreamsPair(dialect: DialectName): Promise<BenchResult> {
  if (dialect !== 'postgres') throw new Error('concurrent-streams-pair runs on PostgreSQL only');
  const streams = Number(process.env.BENCH_STREAMS ?? 300);
  const schema = `bench_pair_${randomBytes(4).toString('hex')}`;
  const upstream = await startStampingUpstream();
  const servers: ServerProcess[] = [];
  let balancer: Balancer | undefined;
  try {
    await pgAdmin((c) => c.query(`CREATE SCHEMA ${schema}`));
    // BENCH_REDIS_URL= (empty) leaves Redis out: each instance keeps its jobs in memory (a stream never moves
    // here, but a resume or an abort landing on the other instance would not find its job).
    const redisUrl = process.env.BENCH_REDIS_URL ?? REDIS_URL;
    const env: Record<string, string> = {
      ...benchServerEnv(upstream.url),
      DATABASE_URL: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      REDIS_URL: redisUrl,
    };
    // One after the other: the first runs the migrations, the second finds them done.
    for (let i = 0; i < 2; i += 1) servers.push(await startServer(env, { compiled: true }));
    const token = await registerOverHttp(servers[0]!.baseUrl, 'bench');
    balancer = await startBalancer(servers.map((s) => new URL(s.baseUrl)));
    const lb = balancer;
    const direct = servers.map((s) => ({ base: s.baseUrl, token, close: async () => {} }));
    return await driveStreams({
      app: { base: lb.url, token, close: async () => {} },
      // Each instance warms up directly (and proves the token from instance 1 is good on instance 2).
      warmUp: direct,
      serverPids: servers.map((s) => s.pid),
      name: `concurrent-streams-pair/${dialect}`,
      streams,
      extraContext: () =>
        `two instances behind a round-robin TCP balancer in this process, connections per instance ` +
        `${lb.connections.join(' / ')}, one PostgreSQL schema, ${redisUrl ? 'one Redis' : 'no Redis (jobs in memory)'}`,
    });
  } finally {
    await balancer?.close();
    for (const server of servers) await server.stop();
    await dropSchema(schema);
    await upstream.stop();
  }
}
