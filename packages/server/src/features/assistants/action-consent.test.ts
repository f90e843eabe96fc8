import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ActionAuthRequired } from '../actions/action-errors';
import { ToolError, type StepAuth } from '../tools/tool';
import { createConsentGate, SIGN_IN_NOT_COMPLETED } from './action-consent';

// docs/reference/assistants.md (Signing in to an action): a call waits for the user's consent, looking for the token
// every pollIntervalMs on a timer of this process, so these tests move a fake clock.

const POLL = 750;
const START = Date.UTC(2025, 0, 1);
const EXPIRES = START + 10 * 60_000;

const required = (actionId = 'act-1', url = `https://idp.example.com/authorize?state=${actionId}`) =>
  new ActionAuthRequired(actionId, 'api.example.com', url, EXPIRES);

function setUp() {
  const log: string[] = [];
  const stored = new Set<string>();
  let looks = 0;
  let failNextLook = false;
  const errors: unknown[] = [];
  const gate = createConsentGate({
    pollIntervalMs: POLL,
    switchRun: async (from, to) => void log.push(`run ${from} -> ${to}`),
    hasTokens: async (actionId) => {
      looks += 1;
      if (failNextLook) {
        failNextLook = false;
        throw new Error('database is down');
      }
      return stored.has(actionId);
    },
    onError: (error) => errors.push(error),
  });
  const call = (name: string, signal = new AbortController().signal) => ({
    signal,
    awaitingAuth: (auth: StepAuth | null) =>
      void log.push(auth ? `${name} shows ${auth.url} until ${auth.expiresAt}` : `${name} goes on`),
  });
  return {
    gate,
    log,
    errors,
    call,
    store: (actionId: string) => stored.add(actionId),
    looks: () => looks,
    failNextLook: () => void (failNextLook = true),
  };
}

describe('waiting for the consent to an OAuth action', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('puts the run in requires_action, shows the address, and goes on once the token is stored', async () => {
    const t = setUp();
    const done = t.gate.wait(required(), t.call('a'));
    await vi.advanceTimersByTimeAsync(0);
    expect(t.log).toEqual([
      'run in_progress -> requires_action',
      `a shows https://idp.example.com/authorize?state=act-1 until ${EXPIRES}`,
    ]);
    await vi.advanceTimersByTimeAsync(POLL * 3);
    expect(t.looks()).toBe(3);
    t.store('act-1');
    await vi.advanceTimersByTimeAsync(POLL);
    await done;
    expect(t.looks()).toBe(4);
    expect(t.log.slice(2)).toEqual(['a goes on', 'run requires_action -> in_progress']);
    // Nothing is looked at after the wait ended.
    await vi.advanceTimersByTimeAsync(POLL * 10);
    expect(t.looks()).toBe(4);
  });

  it('lets two calls of the same action share one wait and one address; another action waits on its own', async () => {
    const t = setUp();
    const first = t.gate.wait(required('act-1'), t.call('a'));
    const second = t.gate.wait(
      required('act-1', 'https://idp.example.com/authorize?state=other'),
      t.call('b'),
    );
    const third = t.gate.wait(required('act-2'), t.call('c'));
    await vi.advanceTimersByTimeAsync(POLL);
    // One look per action and interval, not one per call.
    expect(t.looks()).toBe(2);
    expect(t.log).toEqual([
      'run in_progress -> requires_action',
      `a shows https://idp.example.com/authorize?state=act-1 until ${EXPIRES}`,
      `b shows https://idp.example.com/authorize?state=act-1 until ${EXPIRES}`,
      `c shows https://idp.example.com/authorize?state=act-2 until ${EXPIRES}`,
    ]);
    t.store('act-1');
    await vi.advanceTimersByTimeAsync(POLL);
    await Promise.all([first, second]);
    // The run still waits on act-2.
    expect(t.log.slice(4)).toEqual(['a goes on', 'b goes on']);
    t.store('act-2');
    await vi.advanceTimersByTimeAsync(POLL);
    await third;
    expect(t.log.slice(6)).toEqual(['c goes on', 'run requires_action -> in_progress']);
  });

  it('fails the call once the link expired, and a later call of the action starts a new wait', async () => {
    const t = setUp();
    const done = t.gate.wait(required(), t.call('a'));
    const outcome = done.then(
      () => null,
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(EXPIRES - START - POLL);
    expect(t.log.at(-1)).toContain('a shows');
    await vi.advanceTimersByTimeAsync(POLL);
    const error = await outcome;
    expect(error).toBeInstanceOf(ToolError);
    expect((error as Error).message).toBe(SIGN_IN_NOT_COMPLETED);
    expect(t.log.slice(-2)).toEqual(['a goes on', 'run requires_action -> in_progress']);

    const again = t.gate.wait(
      new ActionAuthRequired('act-1', 'api.example.com', 'https://idp.example.com/new', Date.now() + 600_000),
      t.call('b'),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(t.log.at(-1)).toBe(`b shows https://idp.example.com/new until ${Date.now() + 600_000}`);
    t.store('act-1');
    await vi.advanceTimersByTimeAsync(POLL);
    await again;
  });

  it('stops at once on Stop, and looks no more', async () => {
    const t = setUp();
    const stop = new AbortController();
    const done = t.gate.wait(required(), t.call('a', stop.signal));
    const outcome = done.then(
      () => null,
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(POLL * 2);
    stop.abort(new Error('stopped'));
    expect(((await outcome) as Error).message).toBe('stopped');
    expect(t.log.slice(-2)).toEqual(['a goes on', 'run requires_action -> in_progress']);
    const looks = t.looks();
    await vi.advanceTimersByTimeAsync(POLL * 10);
    expect(t.looks()).toBe(looks);
  });

  it('keeps looking after a failed look, and says so', async () => {
    const t = setUp();
    const done = t.gate.wait(required(), t.call('a'));
    t.failNextLook();
    await vi.advanceTimersByTimeAsync(POLL);
    expect(t.errors).toEqual([new Error('database is down')]);
    t.store('act-1');
    await vi.advanceTimersByTimeAsync(POLL);
    await done;
    expect(t.looks()).toBe(2);
  });
});
