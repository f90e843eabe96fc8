import type { Table } from '@tanstack/react-table';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@parley/shared';

/** The filter box: narrows the rows to names containing the text (any case). */
export function TableFilter({ table, className = '' }: { table: Table<FileRecord>; className?: string }) {
  const { t } = useTranslation();
  const column = table.getColumn('filename');
  return (
    <div className={`relative min-w-0 ${className}`}>
      <Search
        className="pointer-events-none absolute top-1/2 start-2.5 size-4 -translate-y-1/2 text-zinc-400"
        aria-hidden="true"
      />
      <input
        type="search"
        aria-label={t('com_ui_files_filter_label')}
        placeholder={t('com_ui_files_filter')}
        value={(column?.getFilterValue() as string | undefined) ?? ''}
        onChange={(e) => column?.setFilterValue(e.target.value || undefined)}
        className="h-9 w-full rounded-lg border border-zinc-300 bg-white pe-2.5 ps-8 text-sm text-zinc-900 placeholder:text-zinc-400 focus:border-teal-600 focus:outline-none focus-visible:ring-2 focus-visible:ring-teal-600/30 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-500"
      />
    </div>
  );
}
