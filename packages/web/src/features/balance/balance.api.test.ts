import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient, queryKeys } from '../../lib/query-client';
import { DEFAULT_STARTUP_CONFIG } from '../config/startup-config';

const call = vi.fn(async () => ({ c: 12_345, t: { 'gpt-3': 2, 'gpt-4': 0 } }));
vi.mock('../../lib/api', () => ({ api: { call: (...args: unknown[]) => call(...(args as [])) } }));
const { refreshBalance } = await import('./balance.api');

afterEach(() => {
  queryClient.clear();
  call.mockClear();
});

// docs/reference/balance.md (Reading the balance): the final event refetches the balance when it is on.
describe('refreshBalance', () => {
  it('asks for nothing while the server keeps no balance', () => {
    queryClient.setQueryData(queryKeys.startupConfig, { ...DEFAULT_STARTUP_CONFIG, checkBalance: false });
    refreshBalance();
    expect(call).not.toHaveBeenCalled();
  });

  it('fetches the balance again, each time, when checkBalance is on', async () => {
    queryClient.setQueryData(queryKeys.startupConfig, { ...DEFAULT_STARTUP_CONFIG, checkBalance: true });
    refreshBalance();
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(queryKeys.balance)).toEqual({
        c: 12_345,
        t: { 'gpt-3': 2, 'gpt-4': 0 },
      }),
    );
    refreshBalance();
    await vi.waitFor(() => expect(call).toHaveBeenCalledTimes(2));
    expect(call).toHaveBeenCalledWith('getBalance');
  });
});
