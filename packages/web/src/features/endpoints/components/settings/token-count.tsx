import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../lib/api';
import { useDebouncedValue } from '../../../../lib/use-debounced-value';

/** How long the text must rest before it is counted (docs/reference/endpoints-and-models.md (bingAI)). */
export const TOKEN_COUNT_DEBOUNCE_MS = 250;

/**
 * A text setting's token count (`POST /api/tokenizer`, asked 250 ms after the last change) and a warning above
 * `warnAbove` (bingAI's context: docs/reference/endpoints-and-models.md (bingAI)). An empty text shows nothing; a
 * failed count shows nothing either, and the field stays usable.
 */
export function TokenCount({ text, warnAbove, id }: { text: string; warnAbove: number; id: string }) {
  const { t } = useTranslation();
  const settled = useDebouncedValue(text, TOKEN_COUNT_DEBOUNCE_MS);
  const query = useQuery({
    queryKey: ['tokenCount', settled],
    queryFn: async () => (await api.call('countTokens', { body: { text: settled } })).count,
    enabled: settled.trim() !== '',
    staleTime: Infinity,
    retry: false,
  });
  const count = settled.trim() === '' ? undefined : query.data;
  // The live region is always there, so a screen reader hears the count when it arrives.
  return (
    <p id={id} aria-live="polite" className="text-xs text-zinc-500 empty:hidden dark:text-zinc-400">
      {count !== undefined && t('com_endpoint_context_tokens', { count })}
      {count !== undefined && count > warnAbove && (
        <span className="mt-0.5 block font-medium text-amber-700 dark:text-amber-400">
          {t('com_endpoint_context_tokens_warning')}
        </span>
      )}
    </p>
  );
}
