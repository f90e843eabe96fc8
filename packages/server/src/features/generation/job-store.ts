import type { ChatStreamEvent, ChatStreamEventKind } from '@parley/shared';

/** Who a generation job belongs to and which instance runs it. */
export interface JobMeta {
  userId: string;
  conversationId: string;
  ownerInstance: string;
  /**
   * The reply message the job writes. Text deltas name it only on the first one; a follower that joins later
   * learns it from here (pipeJobToResponse adds it to the first delta it sends).
   */
  messageId?: string;
}

export type JobStatus = 'active' | 'finished';

export interface JobInfo extends JobMeta {
  status: JobStatus;
}

/**
 * One buffered event: its kind, stored beside the body, and `data`, the JSON body serialised once at append time,
 * so followers (and the SSE writer) pass it through without parsing or re-serialising. `id` is opaque: a decimal
 * sequence in memory, a Redis stream id (`<ms>-<seq>`) in Redis; pass it back as `after` to the same store.
 */
export interface StoredEvent {
  id: string;
  kind: ChatStreamEventKind;
  data: string;
}

/** True for a text delta (the bulk of a job's events, and of its memory). */
export const isTextDelta = (event: Pick<StoredEvent, 'kind'>): boolean => event.kind === 'text';

/** The stored form of an emitted event (the body serialised once). */
export const toStored = (id: string, event: ChatStreamEvent): StoredEvent => ({
  id,
  kind: event.kind,
  data: JSON.stringify(event.data),
});

export interface FollowOptions {
  /** Yield only events after this id (the SSE `Last-Event-ID`); absent: replay all. */
  after?: string;
  /** Stops following (the client left); never stops the job. */
  signal?: AbortSignal;
}

/** Buffers a job's events for followers on any instance, and carries aborts to the instance running it. */
export interface JobStore {
  /** Registers an active job; the caller's instance owns it (keeps it alive until `finish`). */
  create(jobId: string, meta: JobMeta): Promise<void>;
  /** Buffers an event and wakes followers; answers its id. */
  append(jobId: string, event: ChatStreamEvent): Promise<string>;
  /** Buffered events after `after`, then live ones, until the job finishes, is lost, or `signal` aborts. */
  follow(jobId: string, options?: FollowOptions): AsyncIterable<StoredEvent>;
  /**
   * Marks the job done (followers end) and keeps its buffer for `finishedTtlMs`, then drops it. Idempotent.
   * The memory store then keeps only the events that are not text deltas (created, content parts, final or
   * error, ids unchanged): the final event carries the whole saved reply, which is what a late follower needs.
   */
  finish(jobId: string): Promise<void>;
  get(jobId: string): Promise<JobInfo | null>;
  /** The user's active job on that conversation (what a reloaded page re-attaches to), else null. */
  findActiveByConversation(userId: string, conversationId: string): Promise<string | null>;
  /** Asks the owner of an active job to stop, wherever it runs; false when no such active job. */
  requestAbort(jobId: string): Promise<boolean>;
  /** Calls `handler` on this instance when an abort for `jobId` arrives from any instance; answers an unsubscribe. */
  onAbort(jobId: string, handler: () => void): Promise<() => void>;
  /** Stops timers and closes the store's own connections (not the Redis client it was given). */
  close(): Promise<void>;
}

export interface JobStoreOptions {
  /** Redis key and channel prefix; tests use a random one. */
  prefix?: string;
  /** How long a finished job's buffer stays readable. */
  finishedTtlMs?: number;
  /** Redis: an active job's keys expire this long after the owner's last heartbeat. */
  leaseMs?: number;
  /** Redis: how often the owner renews the lease (and re-checks for a missed abort). */
  heartbeatMs?: number;
  /** Redis: an idle follower re-reads this often, in case a wake-up was missed, and to notice a lost job. */
  idlePollMs?: number;
  /** At most this many events are kept per job; older ones are dropped first. */
  maxEvents?: number;
}

export const JOB_STORE_DEFAULTS = {
  prefix: 'parley:job:',
  finishedTtlMs: 60_000,
  leaseMs: 30_000,
  heartbeatMs: 10_000,
  idlePollMs: 2_000,
  maxEvents: 20_000,
} satisfies Required<JobStoreOptions>;

export function resolveJobStoreOptions(options: JobStoreOptions = {}): Required<JobStoreOptions> {
  return { ...JOB_STORE_DEFAULTS, ...options };
}
