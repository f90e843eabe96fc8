import { useTranslation } from 'react-i18next';

/** A full-area loading indicator with a name for screen readers. */
export function Spinner() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex h-full min-h-40 w-full items-center justify-center">
      <span className="size-6 animate-spin rounded-full border-2 border-zinc-300 border-t-teal-600 dark:border-zinc-700 dark:border-t-teal-400" />
      <span className="sr-only">{t('com_ui_loading')}</span>
    </div>
  );
}
