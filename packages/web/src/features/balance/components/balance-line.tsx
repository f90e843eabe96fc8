import * as Menu from '@radix-ui/react-dropdown-menu';
import { Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatCredits } from '@parley/shared';
import { useBalanceQuery } from '../balance.api';

/**
 * The user menu's balance line: credits with two decimals and their unit, and the GPT-4 uses left ("unlimited" for -1); choosing it
 * opens the balance details. Nothing when the server keeps no balance.
 */
export function BalanceLine({ className, onSelect }: { className: string; onSelect: () => void }) {
  const { t } = useTranslation();
  const balance = useBalanceQuery();
  if (!balance.data) return null;
  const gpt4 = balance.data.t['gpt-4'] ?? 0;
  return (
    <Menu.Item data-testid="balance" className={className} onSelect={onSelect}>
      <Wallet className="size-4 shrink-0" aria-hidden="true" />
      <span className="min-w-0 flex-1">
        {t('com_nav_balance_uses', {
          credits: formatCredits(balance.data.c),
          gpt4: gpt4 === -1 ? t('com_nav_uses_unlimited') : gpt4,
        })}
      </span>
    </Menu.Item>
  );
}
