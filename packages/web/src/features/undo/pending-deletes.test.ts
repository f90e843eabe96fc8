import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPendingDeletes, UNDO_WINDOW_MS } from './pending-deletes';

describe('pending deletes', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    const sent: { at: number; key: string; leaving: boolean }[] = [];
    const changes: string[][] = [];
    const target = new EventTarget();
    let hidden = false;
    const page = {
      addEventListener: (type: string, fn: () => void) => target.addEventListener(type, fn),
      removeEventListener: (type: string, fn: () => void) => target.removeEventListener(type, fn),
      hidden: () => hidden,
    };
    const deletes = createPendingDeletes({ page, onChange: (keys) => changes.push([...keys]) });
    const start = Date.now();
    const commit = (key: string) => (leaving: boolean) => {
      sent.push({ at: Date.now() - start, key, leaving });
    };
    const fire = (type: string) => target.dispatchEvent(new Event(type));
    return { sent, changes, deletes, commit, fire, hide: () => (hidden = true) };
  };

  it('sends the delete when the 6 s window ends, not before', () => {
    const { sent, changes, deletes, commit } = setup();
    expect(UNDO_WINDOW_MS).toBe(6000);
    expect(deletes.schedule('preset:a', commit('preset:a'))).toBe(true);
    expect(changes).toEqual([['preset:a']]);
    vi.advanceTimersByTime(5999);
    expect(sent).toEqual([]);
    expect(deletes.has('preset:a')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual([{ at: 6000, key: 'preset:a', leaving: false }]);
    expect(changes).toEqual([['preset:a'], []]);
    expect(deletes.has('preset:a')).toBe(false);
  });

  it('an undo within the window cancels it for good; an undo after it is too late', () => {
    const { sent, changes, deletes, commit } = setup();
    deletes.schedule('convo:1', commit('convo:1'));
    vi.advanceTimersByTime(3000);
    expect(deletes.undo('convo:1')).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(sent).toEqual([]);
    expect(changes).toEqual([['convo:1'], []]);

    deletes.schedule('convo:2', commit('convo:2'));
    vi.advanceTimersByTime(6000);
    expect(deletes.undo('convo:2')).toBe(false);
    expect(sent).toEqual([{ at: 69_000, key: 'convo:2', leaving: false }]);
  });

  it('a second delete of a waiting key is ignored, so it is sent once', () => {
    const { sent, deletes, commit } = setup();
    expect(deletes.schedule('preset:a', commit('preset:a'))).toBe(true);
    vi.advanceTimersByTime(4000);
    expect(deletes.schedule('preset:a', commit('preset:a'))).toBe(false);
    vi.advanceTimersByTime(2000);
    expect(sent).toEqual([{ at: 6000, key: 'preset:a', leaving: false }]);
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(1);
  });

  it('a flush settles once every delete it sent has been answered, whatever the answer', async () => {
    const deletes = createPendingDeletes();
    const answers: Array<(ok: boolean) => void> = [];
    const request = () =>
      new Promise<void>((resolve, reject) =>
        answers.push((ok) => (ok ? resolve() : reject(new Error('no')))),
      );
    deletes.schedule('preset:a', request);
    deletes.schedule('convo:1', request);
    let settled = false;
    const flushed = deletes.flush().then(() => (settled = true));
    await Promise.resolve();
    expect(answers).toHaveLength(2);
    answers[0]!(true);
    await Promise.resolve();
    expect(settled).toBe(false);
    answers[1]!(false);
    await flushed;
    expect(settled).toBe(true);
    expect(deletes.has('preset:a')).toBe(false);
  });

  it('keeps one window per key', () => {
    const { sent, deletes, commit } = setup();
    deletes.schedule('preset:a', commit('preset:a'));
    vi.advanceTimersByTime(2000);
    deletes.schedule('convo:1', commit('convo:1'));
    vi.advanceTimersByTime(4000);
    expect(sent).toEqual([{ at: 6000, key: 'preset:a', leaving: false }]);
    vi.advanceTimersByTime(2000);
    expect(sent).toEqual([
      { at: 6000, key: 'preset:a', leaving: false },
      { at: 8000, key: 'convo:1', leaving: false },
    ]);
  });

  it('pagehide sends every waiting delete at once, as leaving, and only once', () => {
    const { sent, deletes, commit, fire } = setup();
    deletes.schedule('preset:a', commit('preset:a'));
    deletes.schedule('convo:1', commit('convo:1'));
    vi.advanceTimersByTime(1000);
    fire('pagehide');
    expect(sent).toEqual([
      { at: 1000, key: 'preset:a', leaving: true },
      { at: 1000, key: 'convo:1', leaving: true },
    ]);
    fire('pagehide');
    vi.advanceTimersByTime(10_000);
    expect(sent).toHaveLength(2);
    expect(deletes.undo('preset:a')).toBe(false);
  });

  it('visibilitychange sends them only when the page is hidden', () => {
    const { sent, deletes, commit, fire, hide } = setup();
    deletes.schedule('convo:1', commit('convo:1'));
    vi.advanceTimersByTime(500);
    fire('visibilitychange');
    expect(sent).toEqual([]);
    hide();
    fire('visibilitychange');
    expect(sent).toEqual([{ at: 500, key: 'convo:1', leaving: true }]);
  });

  it('listens to the page only while something waits', () => {
    const { sent, deletes, commit, fire } = setup();
    deletes.schedule('convo:1', commit('convo:1'));
    deletes.undo('convo:1');
    fire('pagehide');
    expect(sent).toEqual([]);
    deletes.schedule('convo:2', commit('convo:2'));
    vi.advanceTimersByTime(6000);
    fire('pagehide');
    expect(sent).toEqual([{ at: 6000, key: 'convo:2', leaving: false }]);
  });
});
