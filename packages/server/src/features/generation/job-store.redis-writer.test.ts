import type { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { LocalJobs } from './job-store.redis-local';
import { RedisJobWriter } from './job-store.redis-writer';

/** A pipeline that records its commands; `exec` answers what the test decides, when it decides. */
class FakePipeline {
  readonly commands: string[] = [];
  constructor(private readonly answer: (commands: string[]) => Promise<[Error | null, unknown][]>) {}
  private add(name: string, key: string) {
    this.commands.push(`${name} ${key}`);
    return this;
  }
  hset = (key: string) => this.add('hset', key);
  pexpire = (key: string) => this.add('pexpire', key);
  set = (key: string) => this.add('set', key);
  xadd = (key: string, ...args: string[]) => this.add('xadd', `${key} ${args[3]}`);
  publish = (key: string) => this.add('publish', key);
  exec = () => this.answer(this.commands);
  get length() {
    return this.commands.length;
  }
}

function fakeRedis(answer?: (commands: string[]) => Promise<[Error | null, unknown][]>) {
  const pipelines: FakePipeline[] = [];
  const redis = {
    pipeline: () => {
      const p = new FakePipeline(answer ?? (async (commands) => commands.map(() => [null, 'OK'])));
      pipelines.push(p);
      return p;
    },
  } as unknown as Redis;
  return { redis, pipelines };
}

const meta = (n: number) => ({ userId: 'u', conversationId: `c${n}`, ownerInstance: 'i' });
const text = (t: string) => ({ kind: 'text' as const, data: { text: t } });

describe('RedisJobWriter', () => {
  it('writes the events of every job that flushes in one turn in one pipeline', async () => {
    const { redis, pipelines } = fakeRedis();
    const local = new LocalJobs(1000);
    const writer = new RedisJobWriter(redis, local, { prefix: 'p:', leaseMs: 30_000, maxEvents: 1000 });
    const jobs = [1, 2, 3].map((n) => local.add(`job${n}`, meta(n)));
    jobs.forEach((job, i) => local.push(job, text(`t${i}`)));
    await Promise.all(jobs.map((job, i) => writer.flush(`job${i + 1}`, job, i === 0)));
    expect(pipelines).toHaveLength(1);
    const commands = pipelines[0]!.commands;
    expect(commands.filter((c) => c.startsWith('xadd'))).toHaveLength(3);
    expect(commands.filter((c) => c.startsWith('publish'))).toHaveLength(3);
    // Only the first write of a job's stream sets its lease.
    expect(commands.filter((c) => c.startsWith('pexpire'))).toEqual(['pexpire p:job1:events']);
    expect(jobs.map((job) => job.sent)).toEqual([1, 1, 1]);
  });

  it('keeps one write in flight per job: events buffered meanwhile go with the next, in order', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const { redis, pipelines } = fakeRedis(async (commands) => {
      if (pipelines.length === 1) await gate;
      return commands.map(() => [null, 'OK']);
    });
    const local = new LocalJobs(1000);
    const writer = new RedisJobWriter(redis, local, { prefix: 'p:', leaseMs: 30_000, maxEvents: 1000 });
    const job = local.add('job', meta(1));
    const firstId = local.push(job, text('a'));
    const first = writer.flush('job', job, true);
    await new Promise((resolve) => setImmediate(resolve));
    const secondId = local.push(job, text('b'));
    const second = writer.flush('job', job, false);
    await new Promise((resolve) => setImmediate(resolve));
    expect(pipelines).toHaveLength(1); // the second waits for the first (held at the gate, however long)
    release();
    await Promise.all([first, second]);
    expect(pipelines.map((p) => p.commands.filter((c) => c.startsWith('xadd')))).toEqual([
      [`xadd p:job:events ${firstId}`],
      [`xadd p:job:events ${secondId}`],
    ]);
    expect(job.sent).toBe(2);
  });

  it("a command that fails fails only its own job's flush, and that job resends everything next time", async () => {
    let fail = true;
    const { redis, pipelines } = fakeRedis(async (commands) =>
      commands.map((c) => (fail && c.startsWith('xadd p:bad') ? [new Error('OOM'), null] : [null, 'OK'])),
    );
    const local = new LocalJobs(1000);
    const writer = new RedisJobWriter(redis, local, { prefix: 'p:', leaseMs: 30_000, maxEvents: 1000 });
    const good = local.add('good', meta(1));
    const bad = local.add('bad', meta(2));
    local.push(good, text('g'));
    local.push(bad, text('b'));
    const results = await Promise.allSettled([
      writer.flush('good', good, true),
      writer.flush('bad', bad, true),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect([good.sent, bad.sent, bad.behind]).toEqual([1, 0, true]);
    fail = false;
    local.push(bad, text('c'));
    await writer.flush('bad', bad, false);
    // Behind: the job's keys are restored and both of its events go again.
    expect(pipelines[1]!.commands.filter((c) => c.startsWith('xadd') || c.startsWith('hset'))).toHaveLength(
      3,
    );
    expect([bad.sent, bad.behind]).toEqual([2, false]);
  });

  it('a pipeline that fails as a whole fails every flush in it', async () => {
    const { redis } = fakeRedis(async () => {
      throw new Error('Connection is closed.');
    });
    const local = new LocalJobs(1000);
    const writer = new RedisJobWriter(redis, local, { prefix: 'p:', leaseMs: 30_000, maxEvents: 1000 });
    const jobs = [1, 2].map((n) => local.add(`job${n}`, meta(n)));
    jobs.forEach((job) => local.push(job, text('x')));
    const results = await Promise.allSettled(jobs.map((job, i) => writer.flush(`job${i + 1}`, job, true)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(jobs.map((job) => job.behind)).toEqual([true, true]);
  });
});
