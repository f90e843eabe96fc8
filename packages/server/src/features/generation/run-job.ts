import type { FastifyReply } from 'fastify';
import { sseEventNameOf, type ChatStreamError, type ChatStreamEvent } from '@parley/shared';
import { openSseStream } from '../../lib/sse';
import { isTextDelta } from './job-store';
import type { JobMeta, JobStore, StoredEvent } from './job-store';

/**
 * Emits an event of the running job. Fire-and-forget on purpose, so a timer callback (the delta coalescer)
 * can call it: emits are appended one after another in call order, and a failed append is reported once
 * through `onError` instead of as an unhandled rejection.
 */
export type Emit = (event: ChatStreamEvent) => void;

export interface StartJobOptions {
  jobId: string;
  meta: JobMeta;
  /** The generation itself. Its signal aborts when anyone, on any instance, asks to abort this job. */
  run: (emit: Emit, signal: AbortSignal) => Promise<void>;
  /** Turns a thrown error into the body of the `event: error` sent before the job finishes. */
  toErrorEvent?: (error: unknown) => ChatStreamError;
  /** Told about failures that have no one else to tell (a failed append, a failed finish). */
  onError?: (error: unknown) => void;
}

export interface StartedJob {
  jobId: string;
  /** Settles once the job finished; never rejects. The request does not wait for it. */
  done: Promise<void>;
}

const defaultErrorEvent = (error: unknown): ChatStreamError => ({
  text: error instanceof Error ? error.message : String(error),
});

/**
 * Registers the job and starts `run` in the background, detached from the request that asked for it.
 * Resolves once the job exists and listens for aborts, so a follower or an abort can come right after.
 * Always ends with `finish` (after an error event if `run` threw), whatever `run` does.
 */
export async function startJob(store: JobStore, options: StartJobOptions): Promise<StartedJob> {
  const { jobId, meta, run, toErrorEvent = defaultErrorEvent, onError = () => {} } = options;
  await store.create(jobId, meta);
  const controller = new AbortController();
  const stopListening = await store.onAbort(jobId, () => controller.abort());

  let tail: Promise<unknown> = Promise.resolve();
  let failed = false;
  const emit: Emit = (event) => {
    tail = tail.then(() =>
      failed
        ? undefined
        : store.append(jobId, event).catch((error: unknown) => {
            failed = true;
            onError(error);
          }),
    );
  };

  const done = (async () => {
    try {
      await run(emit, controller.signal);
    } catch (error) {
      emit({ kind: 'error', data: toErrorEvent(error) });
    }
    await tail;
    stopListening();
    await store.finish(jobId).catch(onError);
  })();
  return { jobId, done };
}

/** Where a delta body names its message (a real key: a quote inside the text is escaped). */
const MESSAGE_ID_KEY = ',"messageId":"';

/** `{"text":"…"}` with the message id added, without parsing the text again. */
const withMessageId = (data: string, messageId: string) =>
  `${data.slice(0, -1)}${MESSAGE_ID_KEY}${JSON.stringify(messageId).slice(1)}}`;

/**
 * Streams a job to the client as SSE: what it missed (after `after`, the `Last-Event-ID`), then live,
 * until the job finishes or the client leaves. Leaving never aborts the job. Deltas name their message
 * only on the first of a job; a client that joins later (a resume) gets the id on the first delta it
 * receives, taken from the job's metadata, so it knows which message the text goes into.
 */
export async function pipeJobToResponse(
  store: JobStore,
  jobId: string,
  reply: FastifyReply,
  options: {
    after?: string;
    heartbeatMs?: number;
    /** Reshapes each event for this client (whole-text frames); absent: the stored deltas as they are. */
    shape?: (event: StoredEvent) => string;
  } = {},
): Promise<'finished' | 'disconnected'> {
  const sse = openSseStream(reply, { heartbeatMs: options.heartbeatMs });
  const { shape } = options;
  try {
    let named = false;
    for await (const event of store.follow(jobId, { after: options.after, signal: sse.signal })) {
      let data = shape ? shape(event) : event.data;
      if (!shape && !named && isTextDelta(event)) {
        named = true;
        const messageId = data.includes(MESSAGE_ID_KEY) ? null : (await store.get(jobId))?.messageId;
        if (messageId) data = withMessageId(data, messageId);
      }
      const drained = sse.send(event.id, sseEventNameOf(event.kind), data);
      if (drained) await drained;
    }
    return sse.signal.aborted ? 'disconnected' : 'finished';
  } finally {
    sse.end();
  }
}
