import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

export type TableState = 'loading' | 'error' | 'ready';

/** The table's state from its list query. */
export function tableState(query: { isPending: boolean; isError: boolean }): TableState {
  return query.isError ? 'error' : query.isPending ? 'loading' : 'ready';
}

/** What the table shows instead of rows while the list loads or after it failed. */
export function TableStatus({ state }: { state: Exclude<TableState, 'ready'> }) {
  const { t } = useTranslation();
  if (state === 'loading') {
    return (
      <span role="status" className="inline-flex items-center gap-2">
        <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        <span className="sr-only">{t('com_ui_loading')}</span>
      </span>
    );
  }
  return <span role="alert">{t('com_ui_files_load_error')}</span>;
}
