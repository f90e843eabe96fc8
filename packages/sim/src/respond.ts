import type { ServerResponse } from 'node:http';
import { dropConnection, sendJson, sleep, write } from './http';
import type { Plan } from './plan';
import { DEFAULT_ERROR_MESSAGES } from './protocol';
import type { Protocol, SimRequest, StreamEncoder } from './protocol';
import type { SimErrorKind } from './types';

interface Reply {
  res: ServerResponse;
  protocol: Protocol;
  req: SimRequest;
  plan: Plan;
  /** Aborted when the client goes away or the sim closes. */
  signal: AbortSignal;
}

const waitForAbort = (signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });

function failure(plan: Plan): { kind: SimErrorKind; status: number; message: string } {
  const kind = plan.error?.kind ?? 'server';
  return {
    kind,
    status: plan.error?.status ?? 500,
    message: plan.error?.message ?? DEFAULT_ERROR_MESSAGES[kind],
  };
}

/** Drives one generation answer: faults first, then either one JSON body or a paced SSE stream. */
export async function respond(reply: Reply): Promise<void> {
  const { res, protocol, req, plan, signal } = reply;
  if (plan.hang) return waitForAbort(signal);
  if (plan.error && plan.errorAfter === undefined) {
    const { kind, status, message } = failure(plan);
    return sendJson(res, status, protocol.errorBody(kind, status, message));
  }
  if (protocol.isStream(req)) return stream(reply, protocol.encoder(plan, req));
  const pieces = plan.chunks.length + plan.toolCalls.length;
  const stopAt = Math.min(pieces, plan.cutAfter ?? Infinity, plan.errorAfter ?? Infinity);
  // A non-streamed answer arrives when the whole generation would have finished.
  await sleep(plan.firstTokenDelayMs + Math.max(0, stopAt - 1) * plan.intervalMs, signal);
  if (signal.aborted) return;
  if (plan.cutAfter !== undefined && plan.cutAfter <= stopAt) return dropConnection(res);
  if (plan.errorAfter !== undefined) {
    const { kind, status, message } = failure(plan);
    return sendJson(res, status, protocol.errorBody(kind, status, message));
  }
  sendJson(res, 200, protocol.complete(plan, req));
}

async function stream({ res, plan, signal }: Reply, encoder: StreamEncoder): Promise<void> {
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache',
    connection: 'keep-alive',
  });
  res.flushHeaders();
  await write(res, encoder.start(), signal);
  // Text first, then the calls, as models that explain before calling do; cutAfter and errorAfter count both.
  const frames = [
    ...plan.chunks.map((chunk) => () => encoder.text(chunk)),
    ...plan.toolCalls.map((call, i) => () => encoder.toolCall(call, i)),
  ];
  // Deadlines are absolute from the start so timer jitter never accumulates into drift.
  const t0 = performance.now();
  for (let i = 0; i <= frames.length; i++) {
    if (i < frames.length) {
      await sleep(t0 + plan.firstTokenDelayMs + i * plan.intervalMs - performance.now(), signal);
    }
    if (signal.aborted) return;
    if (plan.cutAfter === i) return dropConnection(res);
    if (plan.errorAfter === i) {
      const { kind, message } = failure(plan);
      return void res.end(encoder.error(kind, message));
    }
    const frame = frames[i];
    if (frame) await write(res, frame(), signal);
  }
  res.end(encoder.finish());
}
