import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EndpointIcon } from '../../endpoints/components/endpoint-icon';
import { useEndpointsQuery } from '../../endpoints/endpoints.api';
import { snippet, type SearchGroup } from '../search-results';
import { HighlightedText } from './highlighted-text';
import { intlLocale } from '../../i18n/intl-locale';

/** One conversation of the results: its title as a link, then each matching message with its date. */
export function SearchResultGroup({ group, query }: { group: SearchGroup; query: string }) {
  const { t, i18n } = useTranslation();
  const endpoints = useEndpointsQuery();
  const when = new Intl.DateTimeFormat(intlLocale(i18n.language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const headingId = `search-group-${group.conversationId}`;
  const href = `/c/${group.conversationId}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="search-result-group"
      className="overflow-hidden rounded-xl border border-zinc-200 bg-white dark:border-zinc-800 dark:bg-zinc-900"
    >
      <h2
        id={headingId}
        className="flex items-center gap-2.5 border-b border-zinc-100 px-4 py-3 dark:border-zinc-800"
      >
        <EndpointIcon endpoint={group.endpoint ?? undefined} config={endpoints.data} size="sm" />
        <Link
          to={href}
          className="min-w-0 flex-1 truncate text-sm font-semibold text-zinc-900 hover:underline focus-visible:outline-2 focus-visible:outline-teal-600 dark:text-zinc-50"
        >
          <HighlightedText text={group.title} query={query} />
        </Link>
        {group.archived && (
          <span
            data-testid="search-archived"
            className="shrink-0 rounded-full bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300"
          >
            {t('com_search_archived')}
          </span>
        )}
      </h2>
      {group.messages.length === 0 ? (
        <p className="px-4 py-3 text-sm text-zinc-500 dark:text-zinc-400">{t('com_ui_search_title_match')}</p>
      ) : (
        <ul className="divide-y divide-zinc-100 dark:divide-zinc-800">
          {group.messages.map((m) => (
            <li key={m.messageId} data-testid="search-hit">
              <Link
                to={href}
                className="block px-4 py-3 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-teal-600 dark:hover:bg-zinc-800/60"
              >
                <span className="mb-1 flex items-center gap-1.5 text-xs text-zinc-500 dark:text-zinc-400">
                  <span className="font-medium text-zinc-700 dark:text-zinc-300">
                    {m.isCreatedByUser ? t('com_ui_search_sender_you') : m.sender}
                  </span>
                  <span aria-hidden="true">·</span>
                  <time dateTime={m.createdAt}>{when.format(new Date(m.createdAt))}</time>
                </span>
                <span className="block text-sm leading-6 break-words text-zinc-800 dark:text-zinc-200">
                  <HighlightedText text={snippet(m.text, query)} query={query} />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
