import { afterEach, describe, expect, it } from 'vitest';
import { listen, sseReader } from '../../lib/sse.test-helpers';
import type { JobStore } from './job-store';
import { pipeJobToResponse, startJob } from './run-job';
import { collect, meta, randomPrefix, storeVariants, textEvent, texts } from './job-store.test-helpers';

describe.each(storeVariants(process.env.TEST_REDIS_URL))(
  'startJob and pipeJobToResponse ($name)',
  (variant) => {
    let server: Awaited<ReturnType<typeof listen>> | null = null;
    afterEach(async () => {
      await server?.close();
      server = null;
      await variant.cleanup();
    });
    const fresh = () => variant.make(randomPrefix(), { idlePollMs: 200 });

    /** How each stream served so far ended, in order. */
    let outcomes: string[] = [];
    /** What the resume route will look like: GET the stream of a job, with Last-Event-ID. */
    const serveStream = async (store: JobStore) => {
      outcomes = [];
      server = await listen((app) => {
        app.get<{ Params: { jobId: string } }>('/jobs/:jobId/stream', async (request, reply) => {
          const after = request.headers['last-event-id'];
          const outcome = await pipeJobToResponse(store, request.params.jobId, reply, {
            after: typeof after === 'string' ? after : undefined,
          });
          outcomes.push(outcome);
        });
      });
      return server.url;
    };

    it('emits an error event and finishes when the run throws', async () => {
      const store = fresh();
      const { done } = await startJob(store, {
        jobId: 'j1',
        meta,
        run: async (emit) => {
          emit(textEvent('partial'));
          throw new Error('{"type":"invalid_api_key"}');
        },
      });
      // A follower reading while the job runs sees every event (a finished job keeps no deltas in memory).
      const following = collect(store.follow('j1'));
      await done;
      const events = await following;
      expect(events.map((event) => [event.kind, JSON.parse(event.data)])).toEqual([
        ['text', { text: 'partial', messageId: 'm1' }],
        ['error', { text: '{"type":"invalid_api_key"}' }],
      ]);
      expect((await store.get('j1'))?.status).toBe('finished');
    });

    it('aborts the run signal on an abort request, and finishes after the run returns', async () => {
      const store = fresh();
      const { done } = await startJob(store, {
        jobId: 'j1',
        meta,
        run: async (emit, signal) => {
          await new Promise((resolve) => signal.addEventListener('abort', resolve));
          emit(textEvent('stopped'));
        },
      });
      const following = collect(store.follow('j1'));
      expect(await store.requestAbort('j1')).toBe(true);
      await done;
      expect(texts(await following)).toEqual(['stopped']);
    });

    it('streams a job as SSE, resumes after Last-Event-ID, and a leaving client does not stop the job', async () => {
      const store = fresh();
      const url = await serveStream(store);
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const { done } = await startJob(store, {
        jobId: 'j1',
        meta,
        run: async (emit, signal) => {
          emit(textEvent('a'));
          emit(textEvent('b'));
          await released;
          for (const text of ['c', 'd']) emit(textEvent(text));
          expect(signal.aborted).toBe(false);
        },
      });

      // A client reads two events and leaves (page closed).
      const leaving = new AbortController();
      const first = sseReader((await fetch(`${url}/jobs/j1/stream`, { signal: leaving.signal })).body!);
      const [a, b] = [await first.next(), await first.next()];
      expect([a?.data, b?.data]).toEqual(['{"text":"a","messageId":"m1"}', '{"text":"b","messageId":"m1"}']);
      leaving.abort();
      await expect.poll(() => outcomes).toEqual(['disconnected']);
      expect((await store.get('j1'))?.status).toBe('active');

      // The reloaded page re-attaches with what it saw last, gets the rest, and the stream ends with the job.
      // (Its answer's headers come once the server follows the job, so the rest then arrives live.)
      const resumed = await fetch(`${url}/jobs/j1/stream`, { headers: { 'last-event-id': b!.id! } });
      release();
      const rest = await sseReader(resumed.body!).rest();
      expect(rest.map((frame) => JSON.parse(frame.data!).text)).toEqual(['c', 'd']);
      await done;
      expect((await store.get('j1'))?.status).toBe('finished');
    });

    it('names the reply on the first delta each client receives: stored, or added from the job meta', async () => {
      const store = fresh();
      const url = await serveStream(store);
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      const { done } = await startJob(store, {
        jobId: 'j1',
        meta: { ...meta, messageId: 'm"1' },
        run: async (emit) => {
          emit({ kind: 'text', data: { text: 'a', messageId: 'm"1' } });
          emit({ kind: 'text', data: { text: 'b "messageId"' } });
          emit({ kind: 'text', data: { text: 'c' } });
          await released;
        },
      });
      const read = async (headers: Record<string, string>, count: number) => {
        const frames = sseReader((await fetch(`${url}/jobs/j1/stream`, { headers })).body!);
        const out = [];
        for (let i = 0; i < count; i++) out.push((await frames.next())!);
        await frames.cancel();
        return out;
      };
      const all = await read({}, 3);
      expect(all.map((frame) => frame.data)).toEqual([
        '{"text":"a","messageId":"m\\"1"}',
        '{"text":"b \\"messageId\\""}',
        '{"text":"c"}',
      ]);
      const resumed = await read({ 'last-event-id': all[0]!.id! }, 2);
      expect(resumed.map((frame) => JSON.parse(frame.data!))).toEqual([
        { text: 'b "messageId"', messageId: 'm"1' },
        { text: 'c' },
      ]);
      release();
      await done;
    });
  },
);

describe('hot path cost', () => {
  // One warm-up round first, so the figure is the steady state rather than the JIT warming up.
  it.each(storeVariants(process.env.TEST_REDIS_URL).map((variant) => [variant.name, variant] as const))(
    'measures append + follow per event, one append awaited at a time (%s)',
    async (name, variant) => {
      const store = variant.make(randomPrefix());
      // Redis pays a round trip per awaited append and a read per wake-up: fewer events keep the test short.
      const total = name === 'memory' ? 10_000 : 2_000;
      const round = async (jobId: string) => {
        await store.create(jobId, meta);
        let seen = 0;
        const following = (async () => {
          for await (const _event of store.follow(jobId)) seen++;
        })();
        const started = process.hrtime.bigint();
        for (let i = 0; i < total; i++) await store.append(jobId, textEvent('token '));
        await store.finish(jobId);
        await following;
        expect(seen).toBe(total);
        return Number(process.hrtime.bigint() - started) / 1_000 / total;
      };
      await round('warm-up');
      const perEventUs = await round('j1');
      console.log(
        `job store (${name}): ${perEventUs.toFixed(2)} µs per event (append + follow, ${total} events)`,
      );
      await variant.cleanup();
    },
  );
});
