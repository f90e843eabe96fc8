import { flexRender, type Header } from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@parley/shared';

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/** A column header: a button that cycles the sort (announced through aria-sort), or the header as is. */
export function SortHeader({ header }: { header: Header<FileRecord, unknown> }) {
  const { t } = useTranslation();
  const { column } = header;
  const meta = column.columnDef.meta;
  const className = `h-10 px-3 max-sm:px-2 text-start align-middle text-xs font-medium text-zinc-500 dark:text-zinc-400 ${meta?.className ?? ''}`;
  const label = meta?.label ? t(meta.label) : null;
  if (!column.getCanSort() || !label) {
    return (
      <th scope="col" className={className}>
        {label ?? flexRender(column.columnDef.header, header.getContext())}
      </th>
    );
  }
  const sorted = column.getIsSorted();
  const Icon = sorted === 'asc' ? ArrowUp : sorted === 'desc' ? ArrowDown : ArrowUpDown;
  return (
    <th scope="col" aria-sort={sorted ? ARIA_SORT[sorted] : 'none'} className={className}>
      <button
        type="button"
        onClick={column.getToggleSortingHandler()}
        title={t('com_ui_files_sort_by', { column: label })}
        className="-mx-2 inline-flex max-w-full items-center gap-1 rounded-md px-2 py-1 hover:bg-zinc-100 hover:text-zinc-900 focus-visible:outline-2 focus-visible:outline-teal-600 dark:hover:bg-zinc-800 dark:hover:text-zinc-100"
      >
        <span className="truncate">{label}</span>
        <Icon className={`size-3.5 shrink-0 ${sorted ? '' : 'opacity-50'}`} aria-hidden="true" />
      </button>
    </th>
  );
}
