import type { PurchaseOption } from '@parley/shared';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatCreditCount, formatPrice, validUntil } from '../purchase';
import { intlLocale } from '../../i18n/intl-locale';

/** What one card or pack says: price, then its lines (period, uses, bonus, validity, or credits and extra). */
function optionLines(option: PurchaseOption, t: TFunction, locale: string) {
  if (option.ctype === 'subscription' && option.period) {
    const gpt4 = option.access?.['gpt-4'];
    return {
      title: t(`com_recharge_period_${option.period}`),
      lines: [
        ...(gpt4 !== undefined && gpt4 !== -1 ? [t('com_recharge_gpt4_per_day', { count: gpt4 })] : []),
        t('com_recharge_gpt3_unlimited'),
        ...(option.bonus > 0
          ? [t('com_recharge_bonus_credits', { credits: formatCreditCount(option.bonus) })]
          : []),
        t('com_recharge_valid_until', { date: validUntil(option.period, locale) }),
      ],
    };
  }
  return {
    title: t('com_recharge_pack_credits', { credits: formatCreditCount(option.value) }),
    lines:
      option.bonus > 0 ? [t('com_recharge_pack_bonus', { percent: formatCreditCount(option.bonus) })] : [],
  };
}

/** One option of the recharge dialog, a radio button drawn as a card. */
export function OptionCard({
  option,
  name,
  checked,
  onChoose,
}: {
  option: PurchaseOption;
  name: string;
  checked: boolean;
  onChoose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { title, lines } = optionLines(option, t, intlLocale(i18n.language));
  return (
    <label
      data-testid="purchase-option"
      data-price={option.price}
      className={`relative flex cursor-pointer flex-col gap-1 rounded-xl border p-3 text-sm transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-teal-600 ${
        checked
          ? 'border-teal-600 bg-teal-50 ring-1 ring-teal-600 dark:border-teal-500 dark:bg-teal-950/40 dark:ring-teal-500'
          : 'border-zinc-200 hover:border-zinc-300 dark:border-zinc-700 dark:hover:border-zinc-600'
      }`}
    >
      <input type="radio" name={name} checked={checked} onChange={onChoose} className="sr-only" />
      <span className="text-xl font-semibold text-zinc-900 dark:text-zinc-50">
        {formatPrice(option.price)}
      </span>
      <span className="font-medium text-zinc-800 dark:text-zinc-100">{title}</span>
      {lines.map((line) => (
        <span key={line} className="text-xs leading-5 text-zinc-600 dark:text-zinc-400">
          {line}
        </span>
      ))}
    </label>
  );
}
