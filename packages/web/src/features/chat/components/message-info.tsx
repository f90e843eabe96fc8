import * as Popover from '@radix-ui/react-popover';
import type { Message, MessageCost } from '@parley/shared';
import type { TFunction } from 'i18next';
import { Info } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMessageCostQuery } from '../../balance/message-cost.api';
import { formatCostCredits } from '../../commerce/purchase';
import { ActionButton } from './action-button';
import { intlLocale } from '../../i18n/intl-locale';

/** What a reply cost, in words: credits, free uses of a class, a card, or nothing. */
export function costLines(cost: MessageCost, t: TFunction, locale: string): string[] {
  if (cost.calls === 0) return [t('com_ui_msg_cost_none')];
  const lines: string[] = [];
  if (cost.gpt4Uses > 0) lines.push(t('com_ui_msg_cost_gpt4', { n: cost.gpt4Uses }));
  if (cost.gpt3Uses > 0) lines.push(t('com_ui_msg_cost_gpt3', { n: cost.gpt3Uses }));
  if (cost.credits !== 0)
    lines.push(t('com_ui_msg_cost_credits', { credits: formatCostCredits(cost.credits, locale) }));
  if (cost.card > 0 && lines.length === 0) lines.push(t('com_ui_msg_cost_card'));
  return lines.length > 0 ? lines : [t('com_ui_msg_cost_free')];
}

/**
 * A reply's details (docs/reference/balance.md (A reply's cost)): its model, when it was written and what it cost,
 * read from the ledger when the popover opens. Shown only on servers that keep a balance.
 */
export function MessageInfo({ message }: { message: Message }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const cost = useMessageCostQuery(message.conversationId, message.messageId, open);
  const when = new Intl.DateTimeFormat(intlLocale(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const rows: Array<[string, string]> = [
    ['com_ui_msg_info_model', message.model ?? message.sender],
    ['com_ui_msg_info_time', when.format(new Date(message.createdAt))],
  ];
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        {/* React 19 passes the trigger's ref to ActionButton as a prop, which it spreads onto its button. */}
        <ActionButton label={t('com_ui_msg_info')} data-testid="message-info">
          <Info className="size-4" aria-hidden="true" />
        </ActionButton>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          aria-label={t('com_ui_msg_info')}
          data-testid="message-info-panel"
          className="z-30 w-[min(calc(100vw-1rem),18rem)] rounded-xl border border-zinc-200 bg-white p-3 text-sm shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1.5">
            {rows.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-zinc-500 dark:text-zinc-400">{t(label)}</dt>
                <dd className="min-w-0 break-words text-zinc-900 dark:text-zinc-100">{value}</dd>
              </div>
            ))}
            <dt className="text-zinc-500 dark:text-zinc-400">{t('com_ui_msg_info_cost')}</dt>
            <dd data-testid="message-cost" className="text-zinc-900 dark:text-zinc-100">
              {cost.data
                ? costLines(cost.data, t, intlLocale(i18n.language)).join(t('com_ui_msg_cost_separator'))
                : cost.isError
                  ? t('com_ui_msg_cost_error')
                  : t('com_ui_msg_cost_loading')}
            </dd>
          </dl>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
