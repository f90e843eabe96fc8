import { useQuery } from '@tanstack/react-query';
import { balanceSchema, type Balance, type StartupConfig } from '@parley/shared';
import { api } from '../../lib/api';
import { queryClient, queryKeys } from '../../lib/query-client';
import { useAuthStore } from '../auth/auth.store';
import { useStartupConfig } from '../config/config.api';

const fetchBalance = async (): Promise<Balance> => balanceSchema.parse(await api.call('getBalance'));

/** Whether the server keeps a balance (the startup config's checkBalance, once it has arrived). */
const balanceOn = () =>
  queryClient.getQueryData<StartupConfig>(queryKeys.startupConfig)?.checkBalance === true;

/**
 * The signed-in user's balance (docs/reference/balance.md (Reading the balance)), asked for only when the server
 * keeps one.
 */
export function useBalanceQuery() {
  const token = useAuthStore((s) => s.token);
  const { config } = useStartupConfig();
  return useQuery({
    queryKey: queryKeys.balance,
    enabled: Boolean(token) && config.checkBalance,
    queryFn: fetchBalance,
  });
}

/** After each final event the call has been settled: fetch the balance again (when the server keeps one). */
export function refreshBalance(): void {
  if (!balanceOn()) return;
  void queryClient
    .fetchQuery({ queryKey: queryKeys.balance, queryFn: fetchBalance, staleTime: 0 })
    .catch(() => {
      // The menu shows the last balance it had; the next final tries again.
    });
}
