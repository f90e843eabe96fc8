import { use } from 'react';
import { formatCredits } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Spinner } from '../../../components/ui/spinner';
import { useBalanceQuery } from '../../balance/balance.api';
import { sendClick } from '../click';
import { commerceTexts } from '../commerce-texts';
import { useCommerceDialogs } from '../commerce-dialogs.store';
import { ModelClassList } from './model-class-list';

const EXPLANATIONS = [
  'com_balance_explain_order',
  'com_balance_explain_rate',
  'com_balance_explain_card',
  'com_balance_explain_restore',
];

/**
 * Balance details: credits and free uses per class, how they are spent and restored, and which of the server's
 * models are in each class.
 */
export function BalanceDialog() {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(commerceTexts);
  const { t } = useTranslation();
  const open = useCommerceDialogs((s) => s.open === 'balance');
  const { close, show } = useCommerceDialogs();
  const balance = useBalanceQuery();
  const uses = (n: number | undefined) =>
    n === -1 ? t('com_balance_unlimited') : t('com_balance_uses_count', { n: n ?? 0 });
  const rows: Array<[string, string]> = balance.data
    ? [
        ['com_balance_credits', t('com_balance_credits_value', { credits: formatCredits(balance.data.c) })],
        ['com_balance_gpt3_uses', uses(balance.data.t['gpt-3'])],
        ['com_balance_gpt4_uses', uses(balance.data.t['gpt-4'])],
      ]
    : [];
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t('com_balance_title')}
      testId="balance-dialog"
    >
      <div className="flex flex-col gap-4 overflow-y-auto px-5 py-4">
        {balance.isPending ? (
          <Spinner />
        ) : balance.isError ? (
          <Alert>{t('com_balance_load_error')}</Alert>
        ) : (
          <table data-testid="balance-table" className="w-full text-sm">
            <thead>
              <tr className="border-b border-zinc-200 text-start text-xs text-zinc-500 dark:border-zinc-800 dark:text-zinc-400">
                <th scope="col" className="py-2 font-medium">
                  {t('com_balance_item')}
                </th>
                <th scope="col" className="py-2 text-end font-medium">
                  {t('com_balance_left')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map(([label, value]) => (
                <tr key={label} className="border-b border-zinc-100 last:border-0 dark:border-zinc-800">
                  <th scope="row" className="py-2.5 text-start font-normal text-zinc-700 dark:text-zinc-300">
                    {t(label)}
                  </th>
                  <td className="py-2.5 text-end font-semibold text-zinc-900 tabular-nums dark:text-zinc-50">
                    {value}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <ul className="flex list-disc flex-col gap-1.5 ps-5 text-sm leading-6 text-zinc-600 dark:text-zinc-400">
          {EXPLANATIONS.map((key) => (
            <li key={key}>{t(key)}</li>
          ))}
        </ul>
        <ModelClassList />
        <Button
          data-testid="balance-recharge"
          onClick={() => {
            sendClick({ b: 'balance_recharge' });
            show('recharge');
          }}
        >
          {t('com_nav_recharge')}
        </Button>
      </div>
    </DialogFrame>
  );
}
