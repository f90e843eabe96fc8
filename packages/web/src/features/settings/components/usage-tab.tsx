import type { UsageRow } from '@parley/shared';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api-error';
import { formatCostCredits } from '../../commerce/purchase';
import { useUsageQuery } from '../usage.api';
import { intlLocale } from '../../i18n/intl-locale';

/** The days the tab shows. */
const DAYS = 30;

/** The words for the class a row's calls were charged in (docs/reference/balance.md (Model classes)). */
const CLASS_KEYS = { 'gpt-3': 'com_pricing_class_gpt3', 'gpt-4': 'com_pricing_class_gpt4' } as const;

/**
 * Usage (docs/reference/commerce.md (Usage)): the last 30 days' charged calls, one row per day, model and class:
 * calls, tokens and what they cost in credits (free uses named beside); the class the calls were charged in under
 * the model's name. Scrolls sideways on a phone rather than squeezing.
 */
export function UsageTab() {
  const { t, i18n } = useTranslation();
  const usage = useUsageQuery(DAYS);
  const number = new Intl.NumberFormat(intlLocale(i18n.language));

  if (usage.isPending) {
    return (
      <p role="status" className="py-6 text-sm text-zinc-500 dark:text-zinc-400">
        {t('com_usage_loading')}
      </p>
    );
  }
  if (usage.isError) {
    return (
      <div role="alert" className="space-y-3 py-6 text-sm">
        <p className="text-red-700 dark:text-red-400">
          {t('com_usage_error')} {errorText(usage.error)}
        </p>
        <button
          type="button"
          onClick={() => void usage.refetch()}
          className="rounded-lg border border-zinc-300 px-3 py-1.5 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-teal-600 dark:border-zinc-700 dark:hover:bg-zinc-800"
        >
          {t('com_usage_retry')}
        </button>
      </div>
    );
  }
  if (usage.data.length === 0) {
    return (
      <p className="py-6 text-sm text-zinc-500 dark:text-zinc-400" data-testid="usage-empty">
        {t('com_usage_empty', { days: DAYS })}
      </p>
    );
  }
  const freeUses = (row: UsageRow) => row.gpt3Uses + row.gpt4Uses;
  return (
    <div className="py-3">
      <p className="mb-2 text-xs text-zinc-500 dark:text-zinc-400">{t('com_usage_hint', { days: DAYS })}</p>
      <div className="overflow-x-auto">
        <table className="w-full text-start text-xs sm:text-sm" data-testid="usage-table">
          <thead className="text-zinc-500 dark:text-zinc-400">
            <tr className="border-b border-zinc-200 dark:border-zinc-800">
              <th scope="col" className="py-2 pe-3 font-medium whitespace-nowrap">
                {t('com_usage_day')}
              </th>
              <th scope="col" className="py-2 pe-3 font-medium">
                {t('com_usage_model')}
              </th>
              <th scope="col" className="py-2 pe-3 text-end font-medium whitespace-nowrap">
                {t('com_usage_calls')}
              </th>
              <th scope="col" className="py-2 pe-3 text-end font-medium whitespace-nowrap">
                {t('com_usage_tokens')}
              </th>
              <th scope="col" className="py-2 text-end font-medium whitespace-nowrap">
                {t('com_usage_cost')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-zinc-100 dark:divide-zinc-800">
            {usage.data.map((row) => (
              <tr key={`${row.day}:${row.model}:${row.modelClass ?? ''}`}>
                <td className="py-2 pe-3 whitespace-nowrap tabular-nums">{row.day.slice(5)}</td>
                <td className="py-2 pe-3 break-all">
                  {row.model}
                  {row.modelClass && (
                    <span
                      data-testid="usage-class"
                      className="block text-[11px] break-normal text-zinc-500 dark:text-zinc-400"
                    >
                      {t(CLASS_KEYS[row.modelClass])}
                    </span>
                  )}
                </td>
                <td className="py-2 pe-3 text-end tabular-nums">{number.format(row.calls)}</td>
                <td
                  className="py-2 pe-3 text-end tabular-nums"
                  title={t('com_usage_tokens_split', {
                    prompt: number.format(row.promptTokens),
                    completion: number.format(row.completionTokens),
                  })}
                >
                  {number.format(row.promptTokens + row.completionTokens)}
                </td>
                <td className="py-2 text-end tabular-nums">
                  {formatCostCredits(row.credits, intlLocale(i18n.language))}
                  {freeUses(row) > 0 && (
                    <span className="block text-[11px] text-zinc-500 dark:text-zinc-400">
                      {t('com_usage_free_uses', { count: freeUses(row) })}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
