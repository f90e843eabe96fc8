// @vitest-environment happy-dom
import { act, createElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initEnglishTexts } from '../../../i18n/english.test-helpers';

const call = vi.fn();
vi.mock('../../../../lib/api', () => ({ api: { call: (...args: unknown[]) => call(...(args as [])) } }));
const { TokenCount, TOKEN_COUNT_DEBOUNCE_MS } = await import('./token-count');

// bingAI's context is counted 250 ms after the last change (docs/reference/endpoints-and-models.md (bingAI)).

beforeAll(initEnglishTexts);

let root: Root;
let host: HTMLElement;
const client = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });
let queries: QueryClient;

function show(text: string) {
  return act(async () =>
    root.render(
      createElement(
        QueryClientProvider,
        { client: queries },
        createElement(TokenCount, { text, warnAbove: 10, id: 't' }),
      ),
    ),
  );
}

beforeEach(() => {
  // Renders are driven through act(): React is told so, and says nothing about it.
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  call.mockReset();
  call.mockImplementation(async (_name: string, { body }: { body: { text: string } }) => ({
    count: body.text.split(' ').length,
  }));
  queries = client();
  host = document.createElement('div');
  root = createRoot(host);
});
afterEach(() => {
  act(() => root.unmount());
  vi.useRealTimers();
});

describe('TokenCount', () => {
  it('counts the text it opens with at once, then each change once it has rested 250 ms, the last only', async () => {
    expect(TOKEN_COUNT_DEBOUNCE_MS).toBe(250);
    await show('one');
    await act(() => vi.waitFor(() => expect(host.textContent).toBe('Context tokens: 1')));
    expect(call).toHaveBeenCalledTimes(1);
    await show('one two');
    await act(async () => vi.advanceTimersByTimeAsync(200));
    await show('one two three');
    await act(async () => vi.advanceTimersByTimeAsync(249));
    expect(call).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTimeAsync(1));
    await act(() => vi.waitFor(() => expect(host.textContent).toBe('Context tokens: 3')));
    expect(call).toHaveBeenCalledTimes(2);
    expect(call).toHaveBeenLastCalledWith('countTokens', { body: { text: 'one two three' } });
  });

  it('warns above the limit, shows nothing for an empty text or a failed count', async () => {
    await show('a b c d e f g h i j k');
    await act(async () => vi.advanceTimersByTimeAsync(250));
    await act(() =>
      vi.waitFor(() =>
        expect(host.textContent).toContain('Bing may refuse a context above about 7,000 tokens.'),
      ),
    );
    await show('');
    await act(async () => vi.advanceTimersByTimeAsync(250));
    expect(host.textContent).toBe('');
    call.mockRejectedValue(new Error('offline'));
    await show('x y');
    await act(async () => vi.advanceTimersByTimeAsync(250));
    await act(() => vi.waitFor(() => expect(call).toHaveBeenCalledTimes(2)));
    expect(host.textContent).toBe('');
    expect(host.querySelector('#t')?.getAttribute('aria-live')).toBe('polite');
  });
});
