/**
 * Redis layout of generation jobs (all under the store's prefix, default `parley:job:`):
 *   {p}{jobId}:meta    hash   userId, conversationId, ownerInstance, status (active|finished), abort (1 once asked)
 *   {p}{jobId}:events  stream entries `e` (event name, or `done`) and `d` (JSON body); MAXLEN ~ maxEvents
 *   {p}active:{userId}:{conversationId}  string  the jobId a reloaded page re-attaches to
 *   {p}{jobId}:wake    channel  an empty message after every XADD: "read the stream again"
 *   {p}abort           channel  a jobId whose owner should stop
 * While active, meta, events and the active pointer expire `leaseMs` after the owner's last heartbeat, so a
 * job whose process died disappears by itself; finishing sets meta and events to `finishedTtlMs`.
 */
export function jobKeys(prefix: string, jobId: string) {
  return {
    meta: `${prefix}${jobId}:meta`,
    events: `${prefix}${jobId}:events`,
    wake: `${prefix}${jobId}:wake`,
  };
}

export const activeJobKey = (prefix: string, userId: string, conversationId: string) =>
  `${prefix}active:${userId}:${conversationId}`;

export const abortChannel = (prefix: string) => `${prefix}abort`;

/** The `e` value that marks the end of a job's stream. */
export const DONE_MARKER = 'done';

/**
 * Finish atomically, once: the done marker, the shorter TTL and the active pointer's removal happen
 * together, so no follower or resume lookup sees a half-finished job.
 * KEYS meta, events, active; ARGV jobId, finishedTtlMs, maxEvents, wake channel.
 */
export const FINISH_SCRIPT = `
if redis.call('HGET', KEYS[1], 'status') ~= 'active' then return 0 end
redis.call('HSET', KEYS[1], 'status', 'finished')
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'e', '${DONE_MARKER}', 'd', '')
redis.call('PEXPIRE', KEYS[1], ARGV[2])
redis.call('PEXPIRE', KEYS[2], ARGV[2])
if redis.call('GET', KEYS[3]) == ARGV[1] then redis.call('DEL', KEYS[3]) end
redis.call('PUBLISH', ARGV[4], '')
return 1
`;

/**
 * Ask for an abort only if the job is active. The flag outlives a missed pub/sub message: the owner's
 * heartbeat reads it. KEYS meta; ARGV jobId, abort channel.
 */
export const ABORT_SCRIPT = `
if redis.call('HGET', KEYS[1], 'status') ~= 'active' then return 0 end
redis.call('HSET', KEYS[1], 'abort', '1')
redis.call('PUBLISH', ARGV[2], ARGV[1])
return 1
`;
