// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initEnglishTexts } from '../i18n/english.test-helpers';
import { useToastStore } from '../toast/toast.store';
import { useCopyText } from './use-copy-text';

// The copy every button of the web shares (docs/decisions.md, "One clipboard path, and a refused copy says so").

const copyText = vi.fn<(text: string) => Promise<boolean>>();
vi.mock('../../lib/clipboard', () => ({ copyText: (text: string) => copyText(text) }));

beforeAll(initEnglishTexts);

let root: Root;
let host: HTMLElement;
/** What each copy answered, in order. */
let answers: boolean[] = [];
const actGlobal = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };

/** A copy button: it copies its `data-text` and shows whether the check is on. */
function Probe({ shownMs }: { shownMs?: number }) {
  const { copied, copy } = useCopyText(shownMs);
  return createElement(
    'button',
    {
      type: 'button',
      onClick: (event: { currentTarget: HTMLButtonElement }) =>
        void copy(event.currentTarget.dataset.text ?? '').then((ok) => answers.push(ok)),
    },
    String(copied),
  );
}

beforeEach(async () => {
  vi.useFakeTimers();
  actGlobal.IS_REACT_ACT_ENVIRONMENT = true;
  useToastStore.setState({ toasts: [] });
  copyText.mockReset();
  answers = [];
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
});
afterEach(async () => {
  await act(async () => root.unmount());
  host.remove();
  delete actGlobal.IS_REACT_ACT_ENVIRONMENT;
  useToastStore.setState({ toasts: [] });
  vi.useRealTimers();
});

const render = (shownMs?: number) => act(async () => root.render(createElement(Probe, { shownMs })));
const copy = async (text: string) => {
  const button = host.querySelector('button')!;
  button.dataset.text = text;
  await act(async () => button.click());
  return answers.at(-1);
};
const advance = (ms: number) => act(async () => vi.advanceTimersByTime(ms));

describe('useCopyText', () => {
  it('shows the check for its time (2.5 s unless told), and a second copy starts the time again', async () => {
    copyText.mockResolvedValue(true);
    await render();
    expect(await copy('hello')).toBe(true);
    expect(copyText).toHaveBeenCalledWith('hello');
    expect(host.textContent).toBe('true');
    await advance(2_000);
    expect(await copy('again')).toBe(true);
    await advance(2_499);
    expect(host.textContent).toBe('true');
    await advance(1);
    expect(host.textContent).toBe('false');

    await render(1_500);
    await copy('snippet');
    await advance(1_499);
    expect(host.textContent).toBe('true');
    await advance(1);
    expect(host.textContent).toBe('false');
    await advance(1_000);
    expect(useToastStore.getState().toasts).toEqual([]);
  });

  it('says "Could not copy to the clipboard." when the browser refused, and shows no check', async () => {
    copyText.mockResolvedValue(false);
    await render();
    expect(await copy('secret')).toBe(false);
    expect(host.textContent).toBe('false');
    // A toast opens a moment after it is asked for.
    await advance(1_000);
    expect(useToastStore.getState().toasts.map((t) => [t.message, t.severity])).toEqual([
      ['Could not copy to the clipboard.', 'error'],
    ]);
  });
});
