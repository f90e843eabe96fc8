import type { Sandbox } from './sandbox-process';

/** The clock of the idle timers: the real one, or a test's. */
export interface PoolClock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

interface Slot {
  key: string;
  sandbox: Sandbox;
  busy: boolean;
  lastUsed: number;
  idle?: unknown;
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * Who holds which sandbox (docs/reference/code-interpreter.md (Sessions)). A session key gets a sandbox of its own,
 * never shared with another key, kept between its runs (one at a time, in order) and released after `idleMs` unused;
 * a run without a key gets a sandbox for itself, killed when it ends. At most `maxSandboxes` are held at once: a new
 * one releases the least recently used idle session, or waits for one to end.
 */
export function createSessions(options: {
  clock: PoolClock;
  idleMs: number;
  maxSandboxes: number;
  take: () => Promise<Sandbox>;
}) {
  const { clock } = options;
  const slots = new Map<string, Slot>();
  const queues = new Map<string, Promise<void>>();
  const waiters: Waiter[] = [];
  let oneShots = 0;
  let opening = 0;
  let closed = false;

  const held = () => slots.size + oneShots + opening;
  const notify = () => {
    for (const waiter of waiters.splice(0)) waiter.resolve();
  };

  function release(slot: Slot) {
    if (slots.get(slot.key) === slot) slots.delete(slot.key);
    if (slot.idle !== undefined) clock.clearTimeout(slot.idle);
    slot.sandbox.kill();
    notify();
  }

  async function capacity(signal?: AbortSignal) {
    while (held() >= options.maxSandboxes) {
      if (closed) throw new Error('the Python sandbox pool is closed');
      const idle = [...slots.values()].filter((s) => !s.busy).sort((a, b) => a.lastUsed - b.lastUsed)[0];
      if (idle) {
        release(idle);
        continue;
      }
      await new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(signal.reason as Error);
        const onAbort = () => reject(signal!.reason as Error);
        signal?.addEventListener('abort', onAbort, { once: true });
        waiters.push({ resolve: () => (signal?.removeEventListener('abort', onAbort), resolve()), reject });
      });
    }
  }

  async function open(key: string, signal?: AbortSignal): Promise<Slot> {
    await capacity(signal);
    opening += 1;
    let sandbox: Sandbox;
    try {
      sandbox = await options.take();
    } finally {
      opening -= 1;
      notify();
    }
    const slot: Slot = { key, sandbox, busy: false, lastUsed: clock.now() };
    slots.set(key, slot);
    sandbox.onExit(() => {
      if (slots.get(key) === slot) release(slot);
    });
    return slot;
  }

  async function runKeyed<T>(key: string, work: (sandbox: Sandbox) => Promise<T>, signal?: AbortSignal) {
    const previous = queues.get(key) ?? Promise.resolve();
    let done!: () => void;
    const mine = new Promise<void>((resolve) => (done = resolve));
    const tail = previous.then(() => mine);
    queues.set(key, tail);
    try {
      await untilAborted(previous, signal);
      let slot = slots.get(key);
      if (slot && !slot.sandbox.alive) release(slot);
      if (!slot || !slot.sandbox.alive) slot = await open(key, signal);
      if (slot.idle !== undefined) clock.clearTimeout(slot.idle);
      slot.idle = undefined;
      slot.busy = true;
      try {
        return await work(slot.sandbox);
      } finally {
        slot.busy = false;
        slot.lastUsed = clock.now();
        const kept = slot;
        if (slots.get(key) === kept) kept.idle = clock.setTimeout(() => release(kept), options.idleMs);
        notify();
      }
    } finally {
      done();
      if (queues.get(key) === tail) queues.delete(key);
    }
  }

  async function runOnce<T>(work: (sandbox: Sandbox) => Promise<T>, signal?: AbortSignal) {
    await capacity(signal);
    oneShots += 1;
    let sandbox: Sandbox | undefined;
    try {
      sandbox = await options.take();
      return await work(sandbox);
    } finally {
      sandbox?.kill();
      oneShots -= 1;
      notify();
    }
  }

  return {
    run<T>(
      key: string | undefined,
      work: (sandbox: Sandbox) => Promise<T>,
      signal?: AbortSignal,
    ): Promise<T> {
      if (closed) return Promise.reject(new Error('the Python sandbox pool is closed'));
      return key === undefined ? runOnce(work, signal) : runKeyed(key, work, signal);
    },
    stats: () => ({
      sessions: slots.size,
      running: oneShots + [...slots.values()].filter((s) => s.busy).length,
    }),
    close() {
      closed = true;
      for (const slot of [...slots.values()]) release(slot);
      for (const waiter of waiters.splice(0)) waiter.reject(new Error('the Python sandbox pool is closed'));
    },
  };
}

function untilAborted(work: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    void work.then(() => (signal.removeEventListener('abort', onAbort), resolve()));
  });
}
