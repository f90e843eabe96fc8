import type { Redis } from 'ioredis';
import type { FollowOptions, StoredEvent } from './job-store';
import type { RedisChannelHub } from './redis-channel-hub';
import { DONE_MARKER, jobKeys } from './job-store.redis-keys';
import { fromEntry } from './job-store.redis-entry';
import { retryWhileUnavailable, toUnavailableError } from '../../lib/unavailable';

type StreamEntries = [id: string, fields: string[]][];
type XReadReply = [key: string, entries: StreamEntries][] | null;

const READ_BATCH = 512;

/** Where a follower elsewhere reads a job from. */
export interface RedisFollowSource {
  redis: Redis;
  hub: RedisChannelHub;
  prefix: string;
  idlePollMs: number;
  /**
   * True while Redis may have lost keys that still exist elsewhere: it was down, or came back less than a lease
   * ago. A restarted Redis holds nothing until the job's owner writes it back, so then a missing job has not
   * ended yet; the follower waits for it, and ends only once the lease has passed without it coming back.
   */
  keysMayBeLost: () => boolean;
}
const STREAM_ID = /^\d+(-\d+)?$/;

/**
 * Follows a job's stream. Replay and live are the same loop, `XREAD STREAMS key <last id>`, so there is
 * no seam: whatever was appended while we were reading is simply in the next read. A PUBLISH after each
 * XADD wakes the loop (instead of XREAD BLOCK, which would pin one connection per follower); the
 * subscription is live before the first read and a wake during a read is remembered, so none is lost.
 * An idle poll covers a wake missed during a reconnect and ends the follow once the job's lease expired.
 * While Redis is down the follower waits and reads on from where it was once Redis answers (the owner
 * writes what Redis missed, even when a restart lost all of it); if Redis stays down too long it ends with an
 * error event the client can resume after.
 */
export async function* followRedisJob(
  { redis, hub, prefix, idlePollMs, keysMayBeLost }: RedisFollowSource,
  jobId: string,
  { after, signal }: FollowOptions = {},
): AsyncGenerator<StoredEvent> {
  const keys = jobKeys(prefix, jobId);
  let woken = false;
  let resume: (() => void) | null = null;
  const onWake = () => {
    woken = true;
    resume?.();
  };
  const onSignal = () => resume?.();
  // Without the wake-up channel (Redis unreachable as we start) the idle poll still reads; retried each loop.
  const listen = () => hub.listen(keys.wake, onWake).catch(() => null);
  let unlisten = await listen();
  const untilRedisAnswers = <T>(command: () => Promise<T>) => retryWhileUnavailable(command, { signal });
  const jobGone = async () =>
    (await untilRedisAnswers(() => redis.exists(keys.meta))) === 0 && !keysMayBeLost();
  signal?.addEventListener('abort', onSignal);
  let last = after !== undefined && STREAM_ID.test(after) ? after : '0';
  try {
    if (await jobGone()) return;
    while (!signal?.aborted) {
      woken = false;
      unlisten ??= await listen();
      const reply = (await untilRedisAnswers(() =>
        redis.xread('COUNT', READ_BATCH, 'STREAMS', keys.events, last),
      )) as XReadReply;
      const entries = reply?.[0]?.[1] ?? [];
      for (const [id, fields] of entries) {
        last = id;
        if (fields[1] === DONE_MARKER) return;
        yield fromEntry(id, fields);
        if (signal?.aborted) return;
      }
      if (entries.length === READ_BATCH || woken) continue;
      const wasWoken = await new Promise<boolean>((resolve) => {
        if (woken || signal?.aborted) return resolve(true);
        const timer = setTimeout(() => resolve(false), idlePollMs);
        resume = () => {
          clearTimeout(timer);
          resolve(true);
        };
      });
      resume = null;
      if (!wasWoken && (await jobGone())) return;
    }
  } catch (error) {
    const outage = toUnavailableError(error);
    if (!outage || signal?.aborted) throw error;
    yield { id: last, kind: 'error', data: JSON.stringify({ text: outage.message }) };
  } finally {
    signal?.removeEventListener('abort', onSignal);
    unlisten?.();
  }
}
