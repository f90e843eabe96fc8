import type { Row, Table } from '@tanstack/react-table';
import { useEffect, useRef, type InputHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@parley/shared';

const boxClass =
  'size-4 cursor-pointer rounded border-zinc-300 align-middle accent-teal-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-600 dark:border-zinc-600 dark:accent-teal-500';

function Checkbox({
  indeterminate,
  ...props
}: InputHTMLAttributes<HTMLInputElement> & { indeterminate?: boolean }) {
  const ref = useRef<HTMLInputElement>(null);
  // `indeterminate` exists only as a DOM property.
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = Boolean(indeterminate);
  }, [indeterminate]);
  return <input ref={ref} type="checkbox" className={boxClass} {...props} />;
}

/** Selects or clears every row of the current page; mixed when some are selected. */
export function SelectAllCheckbox({ table }: { table: Table<FileRecord> }) {
  const { t } = useTranslation();
  const rows = table.getPaginationRowModel().rows;
  return (
    <Checkbox
      aria-label={t('com_ui_files_select_all')}
      data-testid="select-all-files"
      disabled={rows.length === 0}
      checked={table.getIsAllPageRowsSelected()}
      indeterminate={table.getIsSomePageRowsSelected()}
      onChange={table.getToggleAllPageRowsSelectedHandler()}
    />
  );
}

export function SelectRowCheckbox({ row }: { row: Row<FileRecord> }) {
  const { t } = useTranslation();
  return (
    <Checkbox
      aria-label={t('com_ui_files_select_row', { name: row.original.filename })}
      checked={row.getIsSelected()}
      disabled={!row.getCanSelect()}
      onChange={row.getToggleSelectedHandler()}
    />
  );
}
