import { createColumnHelper, type ColumnDef, type Row, type RowData } from '@tanstack/react-table';
import { File, FileImage } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatFileSize, type FileRecord } from '@parley/shared';
import { SelectAllCheckbox, SelectRowCheckbox } from './select-checkbox';
import { intlLocale } from '../../i18n/intl-locale';

declare module '@tanstack/react-table' {
  /** Per-column layout the file tables render: the header's i18n key and the cells' width classes. */
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    label?: string;
    className?: string;
  }
}

const column = createColumnHelper<FileRecord>();
// Natural order, so "file-2" sorts before "file-10", and case does not split the list.
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' });
const byName = (a: Row<FileRecord>, b: Row<FileRecord>) =>
  collator.compare(a.original.filename, b.original.filename);

function NameCell({ file }: { file: FileRecord }) {
  const Icon = file.type.startsWith('image/') ? FileImage : File;
  return (
    <span className="flex min-w-0 items-center gap-2">
      <Icon className="size-4 shrink-0 text-zinc-400 dark:text-zinc-500" aria-hidden="true" />
      <span className="truncate" title={file.filename} data-file-name>
        {file.filename}
      </span>
    </span>
  );
}

/**
 * The file tables' columns. The panel has Name (75% wide) and Date; My Files adds a selection column, Size in
 * MB (two decimals, "< 0.01 MB" below: docs/reference/files.md (My Files and the Files panel)) and Type.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useFileColumns(kind: 'panel' | 'dialog'): ColumnDef<FileRecord, any>[] {
  const { i18n } = useTranslation();
  const language = intlLocale(i18n.language);
  return useMemo(() => {
    const short = new Intl.DateTimeFormat(language, { dateStyle: 'short' });
    const long = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
    const name = column.accessor('filename', {
      id: 'filename',
      sortingFn: byName,
      filterFn: 'includesString',
      enableHiding: false,
      meta: { label: 'com_ui_files_name', className: kind === 'panel' ? 'w-3/4' : 'w-auto' },
      cell: (info) => <NameCell file={info.row.original} />,
    });
    const updated = column.accessor((file) => Date.parse(file.updatedAt), {
      id: 'updatedAt',
      sortDescFirst: true,
      meta: {
        label: 'com_ui_files_date',
        className:
          kind === 'panel' ? 'w-1/4 truncate px-2! text-xs tabular-nums' : 'w-52 truncate max-sm:w-24',
      },
      cell: (info) => {
        const time = info.getValue<number>();
        if (kind === 'panel') return short.format(time);
        // The full date and time where there is room; the short date on phones.
        return (
          <span title={long.format(time)}>
            <span className="sm:hidden">{short.format(time)}</span>
            <span className="max-sm:hidden">{long.format(time)}</span>
          </span>
        );
      },
    });
    if (kind === 'panel') return [name, updated];
    return [
      column.display({
        id: 'select',
        enableSorting: false,
        enableHiding: false,
        meta: { className: 'w-10 max-sm:w-9' },
        header: ({ table }) => <SelectAllCheckbox table={table} />,
        cell: ({ row }) => <SelectRowCheckbox row={row} />,
      }),
      name,
      updated,
      column.accessor('bytes', {
        id: 'bytes',
        meta: { label: 'com_ui_files_size', className: 'w-28 truncate tabular-nums max-sm:w-24' },
        cell: (info) => formatFileSize(info.getValue()),
      }),
      column.accessor('type', {
        id: 'type',
        meta: { label: 'com_ui_files_type', className: 'w-36 truncate max-sm:hidden' },
      }),
    ];
  }, [kind, language]);
}
