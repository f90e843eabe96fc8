import { flexRender, type Row, type Table } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { FileRecord } from '@parley/shared';
import { SortHeader } from './sort-header';
import { TableStatus, type TableState } from './table-status';

interface FileTableProps {
  table: Table<FileRecord>;
  /** Makes rows actionable (the panel attaches on click); the name cell then holds a keyboard button. */
  onRowClick?: (file: FileRecord) => void;
  /** Loading and failed lists show their status instead of rows. */
  state?: TableState;
  testId?: string;
}

/** The rows of the current page under sortable headers; the no-results text when nothing is there. */
export function FileTable({ table, onRowClick, state = 'ready', testId }: FileTableProps) {
  const { t } = useTranslation();
  const rows = table.getRowModel().rows;
  const columns = table.getVisibleLeafColumns().length;
  return (
    <table data-testid={testId} className="w-full table-fixed border-collapse text-sm">
      <thead className="border-b border-zinc-200 dark:border-zinc-800">
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <SortHeader key={header.id} header={header} />
            ))}
          </tr>
        ))}
      </thead>
      <tbody>
        {state !== 'ready' || rows.length === 0 ? (
          <tr>
            <td colSpan={columns} className="h-24 px-3 text-center text-sm text-zinc-500 dark:text-zinc-400">
              {state === 'ready' ? t('com_ui_files_no_results') : <TableStatus state={state} />}
            </td>
          </tr>
        ) : (
          rows.map((row) => <FileRow key={row.id} row={row} onClick={onRowClick} />)
        )}
      </tbody>
    </table>
  );
}

function FileRow({ row, onClick }: { row: Row<FileRecord>; onClick?: (file: FileRecord) => void }) {
  const { t } = useTranslation();
  const file = row.original;
  return (
    <tr
      data-file-id={file.file_id}
      data-state={row.getIsSelected() ? 'selected' : undefined}
      onClick={onClick ? () => onClick(file) : undefined}
      className={`border-b border-zinc-100 last:border-0 data-[state=selected]:bg-teal-50 dark:border-zinc-800/70 dark:data-[state=selected]:bg-teal-950/40 ${
        onClick ? 'cursor-pointer hover:bg-zinc-100 dark:hover:bg-zinc-800/70' : ''
      }`}
    >
      {row.getVisibleCells().map((cell) => (
        <td
          key={cell.id}
          className={`h-10 px-3 align-middle text-zinc-800 max-sm:px-2 dark:text-zinc-200 ${cell.column.columnDef.meta?.className ?? ''}`}
        >
          {onClick && cell.column.id === 'filename' ? (
            // The row is the click target; this button gives keyboard users the same action.
            <button
              type="button"
              aria-label={t('com_ui_files_attach_row', { name: file.filename })}
              onClick={(e) => {
                e.stopPropagation();
                onClick(file);
              }}
              className="-mx-1 block w-full min-w-0 rounded px-1 text-start focus-visible:outline-2 focus-visible:outline-teal-600"
            >
              {flexRender(cell.column.columnDef.cell, cell.getContext())}
            </button>
          ) : (
            flexRender(cell.column.columnDef.cell, cell.getContext())
          )}
        </td>
      ))}
    </tr>
  );
}
