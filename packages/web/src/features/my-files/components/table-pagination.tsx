import type { Table } from '@tanstack/react-table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@parley/shared';

const pagerButton =
  'inline-flex h-8 items-center rounded-lg border border-zinc-300 px-3 text-sm font-medium text-zinc-800 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-transparent dark:border-zinc-700 dark:text-zinc-100 dark:hover:bg-zinc-800';

/** Previous and Next (disabled at the ends) around the "Page n of m" indicator. */
export function TablePagination({ table, children }: { table: Table<FileRecord>; children?: ReactNode }) {
  const { t } = useTranslation();
  const pages = Math.max(1, table.getPageCount());
  const page = Math.min(table.getState().pagination.pageIndex + 1, pages);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {children}
      <div className="ms-auto flex items-center gap-2">
        <span
          data-testid="files-page"
          aria-live="polite"
          className="text-xs whitespace-nowrap text-zinc-500 dark:text-zinc-400"
        >
          {t('com_ui_files_page', { page, pages })}
        </span>
        <button
          type="button"
          className={pagerButton}
          disabled={!table.getCanPreviousPage()}
          onClick={() => table.previousPage()}
        >
          {t('com_ui_files_previous')}
        </button>
        <button
          type="button"
          className={pagerButton}
          disabled={!table.getCanNextPage()}
          onClick={() => table.nextPage()}
        >
          {t('com_ui_files_next')}
        </button>
      </div>
    </div>
  );
}
