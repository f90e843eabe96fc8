import { useTranslation } from 'react-i18next';

/** The sidebar's search box and date-grouped conversation list (built by the conversations feature). */
export function ConversationNav() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="nav-chats" className="flex-1 overflow-y-auto px-3 py-2">
      <h2 id="nav-chats" className="px-1 pb-1 text-xs font-medium text-zinc-500 dark:text-zinc-400">
        {t('com_nav_chats')}
      </h2>
      <p className="px-1 text-sm text-zinc-500 dark:text-zinc-400">{t('com_nav_chats_empty')}</p>
    </section>
  );
}
