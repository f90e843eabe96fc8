import type { OrderSummary } from '@parley/shared';
import { CheckCircle2 } from 'lucide-react';
import { useQueryClient } from '@tanstack/react-query';
import { use, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { DialogFrame } from '../../../components/ui/dialog-frame';
import { Spinner } from '../../../components/ui/spinner';
import { queryKeys } from '../../../lib/query-client';
import { refreshBalance, useBalanceQuery } from '../../balance/balance.api';
import { commerceTexts } from '../commerce-texts';
import { ORDER_POLL_TRIES, useOrderQuery } from '../commerce.api';
import { useCommerceDialogs } from '../commerce-dialogs.store';
import { formatCreditCount } from '../purchase';
import { formatCredits } from '@parley/shared';
import { intlLocale } from '../../i18n/intl-locale';

/** What the dialog says: paid, still waiting, no answer after a minute, or closed (not paid). */
type Stage = 'paid' | 'waiting' | 'unconfirmed' | 'closed' | 'error';

function stageOf(query: ReturnType<typeof useOrderQuery>, answers: number): Stage {
  if (query.isError) return 'error';
  const order = query.data;
  if (!order) return 'waiting';
  if (order.status === 'paid') return 'paid';
  if (order.status === 'closed') return 'closed';
  return answers >= ORDER_POLL_TRIES ? 'unconfirmed' : 'waiting';
}

const TITLES: Record<Stage, string> = {
  paid: 'com_paid_title',
  waiting: 'com_paid_waiting_title',
  unconfirmed: 'com_paid_unconfirmed_title',
  closed: 'com_paid_closed_title',
  error: 'com_paid_unconfirmed_title',
};

/**
 * The notice of a payment the buyer came back from (docs/reference/commerce.md (Back from the payment page)):
 * "充值成功" and what the order gave, the credits added or the card and when it runs, with the balance after it.
 */
export function PaidDialog() {
  // The area's texts in the user's language are fetched with its code; render once they are here.
  use(commerceTexts);
  const { t } = useTranslation();
  const open = useCommerceDialogs((s) => s.open === 'paid');
  const orderId = useCommerceDialogs((s) => s.paidOrderId);
  const close = useCommerceDialogs((s) => s.close);
  const queryClient = useQueryClient();
  const order = useOrderQuery(open ? orderId : null);
  // How many answers came (each re-renders: dataUpdatedAt is read), to stop waiting when the polling stops.
  const answers = order.dataUpdatedAt
    ? (queryClient.getQueryState(queryKeys.order(orderId ?? ''))?.dataUpdateCount ?? 0)
    : 0;
  const stage = stageOf(order, answers);
  // The balance changed with the payment: show the new one in the menu and here.
  useEffect(() => {
    if (stage === 'paid') refreshBalance();
  }, [stage]);
  return (
    <DialogFrame
      open={open}
      onOpenChange={(next) => !next && close()}
      title={t(TITLES[stage])}
      testId="paid-dialog"
    >
      <div className="flex flex-col gap-4 px-5 py-4" aria-live="polite">
        {stage === 'paid' && order.data ? (
          <PaidBody order={order.data} />
        ) : stage === 'waiting' ? (
          <div className="flex items-center gap-3 text-sm text-zinc-700 dark:text-zinc-300">
            <Spinner />
            <p>{t('com_paid_waiting')}</p>
          </div>
        ) : (
          <Alert>{t(stage === 'closed' ? 'com_paid_closed' : 'com_paid_unconfirmed')}</Alert>
        )}
        <Button data-testid="paid-ok" onClick={close}>
          {t('com_paid_ok')}
        </Button>
      </div>
    </DialogFrame>
  );
}

function PaidBody({ order }: { order: OrderSummary }) {
  const { t, i18n } = useTranslation();
  const balance = useBalanceQuery();
  // When the notice opened: a card that starts after it waits for the running one.
  const [openedAt] = useState(() => Date.now());
  const date = new Intl.DateTimeFormat(intlLocale(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const credits = formatCreditCount(order.credits);
  const lines: string[] = [];
  if (order.ctype === 'credits') {
    lines.push(t('com_paid_credits', { credits }));
  } else {
    lines.push(t('com_paid_card', { card: t(`com_recharge_period_${order.period}`) }));
    if (order.startsAt && order.endsAt) {
      const starts = new Date(order.startsAt);
      lines.push(
        t(starts.getTime() > openedAt + 60_000 ? 'com_paid_card_later' : 'com_paid_card_term', {
          start: date.format(starts),
          end: date.format(new Date(order.endsAt)),
        }),
      );
    }
    lines.push(t('com_paid_card_uses', { n: order.gpt4PerDay ?? 0 }));
    if (order.credits > 0) lines.push(t('com_paid_card_bonus', { credits }));
  }
  return (
    <div className="flex gap-3">
      <CheckCircle2 className="mt-0.5 size-6 shrink-0 text-teal-600 dark:text-teal-400" aria-hidden="true" />
      <div className="flex min-w-0 flex-col gap-1.5 text-sm leading-6 text-zinc-800 dark:text-zinc-200">
        {lines.map((line) => (
          <p key={line} data-testid="paid-line">
            {line}
          </p>
        ))}
        {balance.data && (
          <p data-testid="paid-balance" className="text-zinc-600 dark:text-zinc-400">
            {t('com_paid_balance', { credits: formatCredits(balance.data.c) })}
          </p>
        )}
      </div>
    </div>
  );
}
